import { createFileRoute } from '@tanstack/react-router';
import { TripDetailPage } from './-components/trip-detail-page';
import { tripTabs } from './-components/trip-tabs';
import { tabParam, searchSchema } from '~/lib/search-params';
import { dayPlanQuery } from '~/lib/day-plan';

export const Route = createFileRoute('/trips/$id')({
  // The tab lives in the address so that a reload or a shared link opens the same one.
  validateSearch: searchSchema({ tab: tabParam(tripTabs) }),
  loader: ({ context: { queryClient, trpc }, params: { id } }) => {
    // Start every section's request at once; each shows its own loading state.
    // The trip and its events in one call (trips.dayPlan), which fills trips.byId and trips.events too.
    void queryClient.prefetchQuery(dayPlanQuery(trpc, queryClient, id));
    void queryClient.prefetchQuery(trpc.trips.companions.queryOptions({ id }));
    void queryClient.prefetchQuery(trpc.trips.saved.queryOptions());
    void queryClient.prefetchQuery(trpc.todos.list.queryOptions({ id }));
    void queryClient.prefetchQuery(trpc.packing.list.queryOptions({ id }));
  },
  component: TripRoute,
});

function TripRoute() {
  const { id } = Route.useParams();
  const { tab = 'itinerary' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <TripDetailPage
      tripId={id}
      tab={tab}
      onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })}
    />
  );
}
