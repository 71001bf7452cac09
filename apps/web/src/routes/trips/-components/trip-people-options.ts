import type { RouterOutputs } from '~/lib/api-types';

export type TripPerson = RouterOutputs['packing']['people'][number];

/** The "Who" choices of a packing item or a to-do: everyone on the trip, by id, with "Shared" (no one) first. */
export function peopleOptions(people: readonly TripPerson[] | undefined): Record<string, string> {
  return Object.fromEntries(
    (people ?? []).map((p) => [
      p.id,
      p.kind === 'companion' ? p.name : `${p.name}${p.kind === 'owner' ? ' (trip owner)' : ''}`,
    ]),
  );
}
