import { createFileRoute } from '@tanstack/react-router';
import { parseJournalSearch } from './-components/journal-search';
import { TravelJournal } from './-components/travel-journal';

export const Route = createFileRoute('/travel-journal/')({
  validateSearch: parseJournalSearch,
  // Start the request at once; the screen shows its own loading state meanwhile.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.travels.history.queryOptions());
  },
  component: TravelJournalRoute,
});

function TravelJournalRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TravelJournal search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
