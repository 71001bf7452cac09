import { createFileRoute } from '@tanstack/react-router';
import { SharedTripPage } from './-components/shared-trip-page';

// Public (see lib/public-paths.ts): whoever has the link sees the trip without signing in.
export const Route = createFileRoute('/share/$token')({
  loader: ({ context: { queryClient, trpc }, params: { token } }) => {
    void queryClient.prefetchQuery(trpc.shared.trip.queryOptions({ token }));
  },
  component: SharedTripRoute,
});

function SharedTripRoute() {
  const { token } = Route.useParams();
  return <SharedTripPage token={token} />;
}
