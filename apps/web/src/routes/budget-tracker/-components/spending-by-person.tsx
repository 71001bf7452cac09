import { useQuery } from '@tanstack/react-query';
import { Card } from '@naav/ui/card';
import { QueryState } from '~/components/query-state';
import { StackedCell, StackedRow, StackedTable } from '~/components/stacked-table';
import { formatMoney } from '~/lib/money';
import { useTRPC } from '~/lib/trpc';
import { convertFromBase } from './budget-model';

const columns = [
  { header: 'Person' },
  { header: 'Paid', end: true },
  { header: 'Share of spending', end: true },
] as const;

/** Each participant's part of the trip's spending (settlements left out), in the display currency. */
export function SpendingByPerson({
  tripId,
  displayCurrency,
  rates,
}: {
  tripId: string;
  displayCurrency: string;
  rates: Record<string, number> | undefined;
}) {
  const trpc = useTRPC();
  const spending = useQuery(trpc.balances.spending.queryOptions({ id: tripId }));
  const money = (minorBase: number) => formatMoney(convertFromBase(minorBase, rates, displayCurrency), displayCurrency);
  return (
    <Card as="section" className="p-4 sm:p-6" aria-label="Spending per person">
      <h3 className="text-lg font-semibold text-ink">Spending per Person</h3>
      <div className="mt-4">
        <QueryState
          query={spending}
          loading={{ text: 'Loading the spending per person…' }}
          error={{ what: 'the spending per person' }}
          isEmpty={(data) => data.people.every((p) => p.paid === 0 && p.spent === 0)}
          empty={<p className="text-muted">No one has spent anything on this trip yet.</p>}
        >
          {(data) => {
            const most = Math.max(1, ...data.people.map((p) => Math.abs(p.spent)));
            return (
              <StackedTable caption="Spending per person" columns={columns} minWidth="sm">
                {data.people.map((p) => (
                  <StackedRow key={p.participantId}>
                    <StackedCell label="Person">
                      <span className="font-medium text-ink">{p.name}</span>
                      {/* How each part compares with the largest. */}
                      <span aria-hidden="true" className="mt-1 block h-2 w-full max-w-48 rounded-full bg-canvas">
                        <span
                          className="block h-2 rounded-full bg-brand-600"
                          style={{ width: `${Math.round((Math.max(0, p.spent) / most) * 100)}%` }}
                        />
                      </span>
                    </StackedCell>
                    <StackedCell label="Paid" end>
                      {money(p.paid)}
                    </StackedCell>
                    <StackedCell label="Share of spending" end>
                      <span className="font-medium text-ink">{money(p.spent)}</span>
                    </StackedCell>
                  </StackedRow>
                ))}
              </StackedTable>
            );
          }}
        </QueryState>
      </div>
    </Card>
  );
}
