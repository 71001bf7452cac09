import { createFileRoute } from '@tanstack/react-router';
import { MyTripsPage } from './-components/my-trips-page';
import { myTripsTabs } from './-components/my-trips-tabs';
import { pastTravelsQuery } from './-components/past-travels-query';
import { tabParam, searchSchema } from '~/lib/search-params';

export const Route = createFileRoute('/my-trips/')({
  // The tab lives in the address so that a reload or a shared link opens the same one.
  validateSearch: searchSchema({ tab: tabParam(myTripsTabs) }),
  loader: ({ context: { queryClient, trpc } }) => {
    // Start every tab's requests at once; each section shows its own loading state.
    void queryClient.prefetchQuery(trpc.trips.current.queryOptions());
    void queryClient.prefetchQuery(trpc.trips.list.queryOptions());
    void queryClient.prefetchQuery(trpc.tripRequests.list.queryOptions());
    // Past Trips lists the journal's travels beside the trips, a page at a time.
    void queryClient.prefetchInfiniteQuery(pastTravelsQuery(trpc));
  },
  component: MyTripsRoute,
});

function MyTripsRoute() {
  const { tab = 'current' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MyTripsPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
