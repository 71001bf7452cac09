import { createFileRoute } from '@tanstack/react-router';
import { tabParam, searchSchema } from '~/lib/search-params';
import { AdminPage } from './-components/admin-page';
import { adminTabs } from './-components/admin-tabs';

export const Route = createFileRoute('/admin/')({
  validateSearch: searchSchema({ tab: tabParam(adminTabs) }),
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.me.get.queryOptions());
  },
  component: AdminRoute,
});

function AdminRoute() {
  const { tab = 'users' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AdminPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
