import { isTravelTeam } from '@naav/schemas/role-names';
import { createFileRoute } from '@tanstack/react-router';
import { ConciergePage } from './-components/concierge-page';
import { conciergeTabs } from './-components/concierge-tabs';
import { tabParam, searchSchema } from '~/lib/search-params';

export const Route = createFileRoute('/concierge/')({
  // The tab lives in the address: trip pages link straight to the chat (?tab=chat).
  validateSearch: searchSchema({ tab: tabParam(conciergeTabs) }),
  loader: ({ context: { queryClient, trpc } }) => {
    // The role decides which side of the desk is shown.
    void queryClient.prefetchQuery(trpc.me.get.queryOptions());
    // A traveller's screen opens on their conversation (the page carries it; see first-screen.ts).
    if (!isTravelTeam(queryClient.getQueryData(trpc.me.get.queryKey())?.role))
      void queryClient.prefetchQuery(trpc.concierge.chat.queryOptions());
  },
  component: ConciergeRoute,
});

function ConciergeRoute() {
  const { tab = 'chat' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ConciergePage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
