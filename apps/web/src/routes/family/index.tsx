import { createFileRoute } from '@tanstack/react-router';
import { FamilyPage } from './-components/family-page';
import { familyTabs, type FamilyTab } from './-components/family-tabs';

export const Route = createFileRoute('/family/')({
  // The tab lives in the address, so a reload or a link opens the same one.
  validateSearch: (search: Record<string, unknown>): { tab?: FamilyTab } =>
    familyTabs.includes(search['tab'] as FamilyTab) ? { tab: search['tab'] as FamilyTab } : {},
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.family.groups.queryOptions());
    void queryClient.prefetchQuery(trpc.family.sharedTrips.queryOptions());
    void queryClient.prefetchQuery(trpc.family.events.queryOptions());
  },
  component: FamilyRoute,
});

function FamilyRoute() {
  const { tab = 'groups' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <FamilyPage tab={tab} onTabChange={(next) => void navigate({ search: next === 'groups' ? {} : { tab: next }, replace: true })} />;
}
