import { createFileRoute } from '@tanstack/react-router';
import { DocumentsPage } from './-components/documents-page';

export const Route = createFileRoute('/travel-documents/')({
  // Start the requests at once; the screen shows its own loading state meanwhile.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.documents.list.queryOptions());
    void queryClient.prefetchQuery(trpc.documents.expiring.queryOptions());
  },
  component: DocumentsPage,
});
