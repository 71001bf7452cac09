import { createFileRoute } from '@tanstack/react-router';
import { TravelPage } from './-components/travel-page';

export const Route = createFileRoute('/travel/$id')({
  // Start the request at once; the page shows its own loading and not-found states.
  loader: ({ context: { queryClient, trpc }, params }) => {
    void queryClient.prefetchQuery(trpc.journal.byId.queryOptions({ id: params.id }));
  },
  component: TravelRoute,
});

function TravelRoute() {
  const { id } = Route.useParams();
  return <TravelPage id={id} />;
}
