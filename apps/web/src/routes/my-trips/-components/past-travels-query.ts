import type { useTRPC } from '~/lib/trpc';
import { pastTravelsPageSize } from './past-trips';

/** The journal's travels as Past Trips reads them: newest first, a page at a time (the route prefetches the first). */
export const pastTravelsQuery = (trpc: ReturnType<typeof useTRPC>) =>
  trpc.journal.page.infiniteQueryOptions(
    { limit: pastTravelsPageSize, withTotal: false },
    { getNextPageParam: (page) => page.nextCursor },
  );
