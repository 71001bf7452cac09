import { createFileRoute } from '@tanstack/react-router';
import { InspirationsPage } from './-components/inspirations-page';

export const Route = createFileRoute('/inspirations/')({
  loader: ({ context: { queryClient, trpc } }) => {
    // Both load at once; the page shows "Loading recommendations..." meanwhile.
    void queryClient.prefetchQuery(trpc.inspirations.list.queryOptions());
    void queryClient.prefetchQuery(trpc.inspirations.recommended.queryOptions());
  },
  component: InspirationsPage,
});
