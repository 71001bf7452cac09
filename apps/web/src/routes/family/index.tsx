import { createFileRoute } from '@tanstack/react-router';
import { FamilyPage } from './-components/family-page';
import { familyTabs } from './-components/family-tabs';
import { tabParam, searchSchema } from '~/lib/search-params';

export const Route = createFileRoute('/family/')({
  // The tab lives in the address, so a reload or a link opens the same one.
  validateSearch: searchSchema({ tab: tabParam(familyTabs) }),
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
  return (
    <FamilyPage
      tab={tab}
      onTabChange={(next) => void navigate({ search: next === 'groups' ? {} : { tab: next }, replace: true })}
    />
  );
}
