import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { prepareMoneyFormat } from '~/lib/money';
import { BudgetTrackerPage } from './-components/budget-tracker-page';
import { idParam, searchSchema } from '~/lib/search-params';

export const Route = createFileRoute('/budget-tracker/')({
  // The chosen trip lives in the address (?trip=), so a reload keeps it and a link shares it.
  validateSearch: searchSchema({ trip: idParam }),
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.trips.list.queryOptions());
    void queryClient.prefetchQuery(trpc.trips.current.queryOptions());
    void queryClient.prefetchQuery(trpc.budget.categories.queryOptions());
    // While the budget loads: the screen is all amounts.
    prepareMoneyFormat();
  },
  component: BudgetTrackerRoute,
});

function BudgetTrackerRoute() {
  const { trip } = Route.useSearch();
  const navigate = Route.useNavigate();
  const select = useCallback(
    (id: string, replace = false) => void navigate({ search: { trip: id }, replace }),
    [navigate],
  );
  return <BudgetTrackerPage tripParam={trip} onSelectTrip={select} />;
}
