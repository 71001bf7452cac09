import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc';
import { useSettled } from '../lib/use-settled';

/**
 * Where a typed destination is (its zone, its country's currency), asked of the server once the
 * traveller has stopped typing; null while it is unknown.
 */
export function usePlaceLookup(destination: string) {
  const trpc = useTRPC();
  const query = useSettled(destination.trim(), 400);
  const lookup = useQuery(
    trpc.places.lookup.queryOptions({ query }, { enabled: query.length >= 2, placeholderData: keepPreviousData, staleTime: Infinity }),
  );
  // A cleared field (or the form starting over) forgets the place at once, not after the pause.
  return query.length >= 2 && destination.trim().length >= 2 ? (lookup.data ?? null) : null;
}

/** Every zone the browser knows, plus the chosen one if the browser lists it under another name. */
export function timeZoneOptions(chosen: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return chosen && !known.includes(chosen) ? [...known, chosen].sort() : known;
}
