import type { RouterOutputs } from '~/lib/api-types';

export type TripPerson = RouterOutputs['packing']['people'][number];

/**
 * The "Who" choices of a packing item or a to-do: no one in particular first (its value empty, named
 * `noOne`: "Shared", "Anyone"), then everyone on the trip, by id.
 */
export function peopleOptions(people: readonly TripPerson[] | undefined, noOne: string): Record<string, string> {
  return {
    '': noOne,
    ...Object.fromEntries(
      (people ?? []).map((p) => [
        p.id,
        p.kind === 'companion' ? p.name : `${p.name}${p.kind === 'owner' ? ' (trip owner)' : ''}`,
      ]),
    ),
  };
}
