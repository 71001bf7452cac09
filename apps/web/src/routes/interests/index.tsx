import { createFileRoute } from '@tanstack/react-router';
import { InterestsPage } from './-components/interests-page';

export const Route = createFileRoute('/interests/')({
  // Start the requests at once; the screen shows its own loading state meanwhile.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.interests.profile.queryOptions());
    void queryClient.prefetchQuery(trpc.interests.categories.queryOptions());
  },
  component: InterestsPage,
});
