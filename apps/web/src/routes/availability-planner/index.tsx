import { createFileRoute } from '@tanstack/react-router';
import { AvailabilityPlannerPage } from './-components/availability-planner-page';
import { yearParam, searchSchema } from '~/lib/search-params';

export const Route = createFileRoute('/availability-planner/')({
  // The year shown lives in the address, so a reload keeps it.
  validateSearch: searchSchema({ year: yearParam }),
  // Start both requests at once; the screen shows its own loading state meanwhile.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.availability.list.queryOptions());
    void queryClient.prefetchQuery(trpc.occasions.list.queryOptions());
  },
  component: AvailabilityPlannerRoute,
});

function AvailabilityPlannerRoute() {
  const { year = new Date().getFullYear() } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AvailabilityPlannerPage
      year={year}
      onYearChange={(next) => void navigate({ search: { year: next }, replace: true })}
    />
  );
}
