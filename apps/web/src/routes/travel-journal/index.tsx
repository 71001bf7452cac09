import { createFileRoute } from '@tanstack/react-router';
import { journalPageSize, journalSearch } from './-components/journal-search';
import { TravelJournal } from './-components/travel-journal';

export const Route = createFileRoute('/travel-journal/')({
  validateSearch: journalSearch,
  // Start the requests at once (the count and years, the first page); the screen shows its own loading state meanwhile.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.journal.overview.queryOptions());
    void queryClient.prefetchInfiniteQuery(
      trpc.journal.page.infiniteQueryOptions({ limit: journalPageSize }, { getNextPageParam: (page) => page.nextCursor }),
    );
  },
  component: TravelJournalRoute,
});

function TravelJournalRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TravelJournal search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
