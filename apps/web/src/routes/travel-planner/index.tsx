import { createFileRoute } from '@tanstack/react-router';
import { plannerSearch } from './-components/planner-search';
import { TravelPlannerPage } from './-components/travel-planner-page';

export const Route = createFileRoute('/travel-planner/')({
  validateSearch: plannerSearch,
  // Who is signed in decides the view; the tabs load their own data and show their own loading states.
  loader: async ({ context: { queryClient, trpc } }) => {
    await queryClient.ensureQueryData(trpc.me.get.queryOptions());
  },
  component: TravelPlannerRoute,
});

function TravelPlannerRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TravelPlannerPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
}
