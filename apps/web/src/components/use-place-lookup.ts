import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../lib/trpc';
import { useDebounced } from '../lib/use-debounced';

/**
 * Where a typed destination is (its zone, its country's currency), asked of the server once the
 * traveller has stopped typing; null while it is unknown.
 */
export function usePlaceLookup(destination: string, ask = true) {
  const trpc = useTRPC();
  const typed = destination.trim();
  const query = useDebounced(typed, 400);
  const enabled = ask && query.length >= 2;
  const lookup = useQuery(trpc.places.lookup.queryOptions({ query }, { enabled, placeholderData: keepPreviousData, staleTime: Infinity }));
  // A cleared or retyped field (or the form starting over) forgets the place at once, not after the pause.
  return enabled && typed === query ? (lookup.data ?? null) : null;
}

/** Every zone the browser knows, plus the chosen ones if the browser lists them under other names. */
export function timeZoneOptions(...chosen: string[]): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  const extra = chosen.filter((zone) => zone && !known.includes(zone));
  return extra.length ? [...known, ...extra].sort() : known;
}
