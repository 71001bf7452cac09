import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { localToday } from '~/components/availability/availability-labels';
import { errorMessage } from '~/components/api-errors';
import { QueryState } from '~/components/query-state';
import { StackedCell, StackedRow, StackedTable } from '~/components/stacked-table';
import { useMe } from '~/components/use-me';
import { formatMoney } from '~/lib/money';
import { useTRPC } from '~/lib/trpc';
import type { ExpenseCurrency } from '@naav/schemas/budget';

const balanceColumns = [
  { header: 'Person' },
  { header: 'Paid', end: true },
  { header: 'Share', end: true },
  { header: 'Net', end: true },
] as const;

interface Transfer {
  from: string;
  to: string;
  amount: number;
}

/**
 * Who paid, whose share it was and who owes whom, in the trip's base currency; the fewest
 * payments that settle up, each recorded (after a confirmation) as a settlement.
 */
export function BalancesTab({ tripId, canSettle }: { tripId: string; canSettle: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const me = useMe();
  const balances = useQuery(trpc.balances.balances.queryOptions({ id: tripId }));
  const [recording, setRecording] = useState<Transfer | null>(null);
  const settle = useMutation(
    trpc.balances.settle.mutationOptions({
      onSuccess: async () => {
        setRecording(null);
        toast({ title: 'Payment recorded', tone: 'success' });
        await queryClient.invalidateQueries(trpc.balances.balances.pathFilter());
      },
      onError: (error) =>
        toast({ title: 'Could not record the payment', description: errorMessage(error), tone: 'destructive' }),
    }),
  );

  return (
    <QueryState
      query={balances}
      loading={{ text: 'Loading the balances…' }}
      error={{ what: 'the balances' }}
      isEmpty={(data) => data.balances.every((b) => b.paid === 0 && b.share === 0)}
      empty={
        <Card className="p-8 text-center">
          <h3 className="text-lg font-semibold text-ink">No balances yet</h3>
          <p className="mt-1 text-muted">Add an expense and say who paid: each person’s part shows here.</p>
        </Card>
      }
    >
      {(data) => {
        const isMe = (id: string) => me !== undefined && id === `user:${me.id}`;
        const name = (id: string, start = true) =>
          isMe(id) ? (start ? 'You' : 'you') : (data.balances.find((b) => b.participantId === id)?.name ?? id);
        const money = (minor: number) => formatMoney(minor, data.currency);
        return (
          <div className="space-y-6">
            <section aria-labelledby="balances-heading">
              <h3 id="balances-heading" className="mb-1 text-lg font-semibold text-ink">
                Balances
              </h3>
              <p className="mb-3 text-sm text-muted">In {data.currency}, at each expense’s saved rate.</p>
              <StackedTable caption="Balances" columns={balanceColumns} minWidth="sm">
                {data.balances.map((b) => (
                  <StackedRow key={b.participantId}>
                    <StackedCell label="Person">
                      <span className="font-medium text-ink">{name(b.participantId)}</span>
                    </StackedCell>
                    <StackedCell label="Paid" end>
                      {money(b.paid)}
                    </StackedCell>
                    <StackedCell label="Share" end>
                      {money(b.share)}
                    </StackedCell>
                    <StackedCell label="Net" end>
                      <NetAmount net={b.net} money={money} />
                    </StackedCell>
                  </StackedRow>
                ))}
              </StackedTable>
            </section>
            <section aria-labelledby="settle-heading">
              <h3 id="settle-heading" className="mb-3 text-lg font-semibold text-ink">
                Settle up
              </h3>
              {data.transfers.length === 0 ? (
                <p className="rounded-xl border border-slate-200 p-4 text-muted">Everyone is settled up.</p>
              ) : (
                <ul className="space-y-3" aria-label="Suggested payments">
                  {data.transfers.map((t) => {
                    const line = `${name(t.from)} ${isMe(t.from) ? 'pay' : 'pays'} ${name(t.to, false)} ${money(t.amount)}`;
                    return (
                      <li
                        key={`${t.from}>${t.to}`}
                        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3"
                      >
                        <span className="text-ink">{line}</span>
                        {canSettle ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            onClick={() => setRecording(t)}
                            aria-label={`Record: ${line}`}
                          >
                            Record payment
                          </Button>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
            <ConfirmDialog
              open={recording !== null}
              onClose={() => setRecording(null)}
              title="Record this payment?"
              description={
                recording
                  ? `${name(recording.from)} paid ${name(recording.to, false)} ${money(recording.amount)}. It counts in the balances, not in the spending.`
                  : ''
              }
              confirmLabel="Record payment"
              cancelLabel="Cancel"
              confirmVariant="primary"
              pending={settle.isPending}
              onConfirm={() =>
                recording &&
                settle.mutate({
                  id: tripId,
                  ...recording,
                  currency: data.currency as ExpenseCurrency,
                  date: localToday(),
                })
              }
            />
          </div>
        );
      }}
    </QueryState>
  );
}

/** Above 0 they are owed, below 0 they owe. */
function NetAmount({ net, money }: { net: number; money: (minor: number) => string }) {
  if (net === 0) return <span className="text-muted">Settled</span>;
  return net > 0 ? (
    <span className="font-medium text-green-700">Owed {money(net)}</span>
  ) : (
    <span className="font-medium text-danger-600">Owes {money(-net)}</span>
  );
}
