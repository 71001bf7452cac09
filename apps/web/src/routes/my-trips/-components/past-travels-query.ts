import type { useTRPC } from '~/lib/trpc';

/** Travels of the journal read per page of Past Trips (the route's loader needs this much of Past Trips, nothing more). */
const pastTravelsPageSize = 24;

/** The journal's travels as Past Trips reads them: newest first, a page at a time (the route prefetches the first). */
export const pastTravelsQuery = (trpc: ReturnType<typeof useTRPC>) =>
  trpc.journal.page.infiniteQueryOptions(
    { limit: pastTravelsPageSize, withTotal: false },
    { getNextPageParam: (page) => page.nextCursor },
  );
