import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNowStrict, parseISO } from 'date-fns';
import { webhookEventTypes } from '@naav/schemas/webhooks';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { ListDialog, type ListDialogWords, useListDialogViews } from './list-dialog';
import { QueryState } from './query-state';
import { RowButton } from './row-button';
import { useMutationToasts } from './use-mutation-toasts';
import { WebhookForm } from './webhook-form';

type Webhook = RouterOutputs['webhooks']['list'][number];
type Created = RouterOutputs['webhooks']['create'];
type View =
  | { kind: 'list' }
  | { kind: 'new' }
  | { kind: 'created'; webhook: Created }
  | { kind: 'log'; webhook: Webhook }
  | { kind: 'delete'; webhook: Webhook };

const ago = (iso: string) => formatDistanceToNowStrict(parseISO(iso), { addSuffix: true });
const statusTone = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;

/** An endpoint's delivery log: each event's status and attempts (status, latency, answer), with Redeliver and Send test event. */
function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useMutationToasts();
  const log = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ id: webhook.id }), refetchOnMount: 'always' });
  const refresh = () => queryClient.invalidateQueries(trpc.webhooks.deliveries.pathFilter());
  const test = useMutation(
    trpc.webhooks.test.mutationOptions(
      toasts({ after: refresh, done: 'Test event queued', failed: 'Could not send the test event' }),
    ),
  );
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions(
      toasts({ after: refresh, done: 'Queued to be sent again', failed: 'Could not redeliver' }),
    ),
  );
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => test.mutate({ id: webhook.id })} disabled={test.isPending}>
          Send test event
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void log.refetch()}>
          Refresh
        </Button>
      </div>
      <QueryState
        query={log}
        loading={{ text: 'Loading deliveries...', rows: 2 }}
        error={{ what: 'the deliveries' }}
        empty={<p className="text-sm text-muted">No events sent yet.</p>}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200" aria-label="Deliveries">
            {data.map((d) => {
              const last = d.attemptLog[0];
              return (
                <li key={d.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      {d.eventType} <Badge tone={statusTone[d.status]}>{d.status}</Badge>
                    </p>
                    <p className="text-muted">
                      {ago(d.createdAt)} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                      {last ? ` · ${last.statusCode ?? 'no answer'} in ${last.latencyMs} ms` : ''}
                    </p>
                    {last?.responseExcerpt ? <p className="break-words text-muted">{last.responseExcerpt}</p> : null}
                  </div>
                  <Button
                    size="sm"
                    variant="secondary"
                    className="self-start sm:self-auto"
                    aria-label={`Redeliver ${d.eventType} ${d.id}`}
                    onClick={() => redeliver.mutate({ id: webhook.id, messageId: d.id })}
                  >
                    Redeliver
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

const listWords: ListDialogWords = {
  title: 'Webhooks',
  description: `Signed events sent to your own server: ${webhookEventTypes.length} kinds of change to proposals, trips, itineraries, expenses, imported bookings and the concierge.`,
  newLabel: 'New webhook',
  loading: 'Loading webhooks...',
  error: 'your webhooks',
  emptyTitle: 'No webhooks yet',
  emptyDescription: 'Add one to hear of accepted proposals and changed trips as they happen.',
};

/**
 * The account menu's Webhooks panel: endpoints that receive signed events, each with its delivery
 * log; a new one shows its signing secret once; deleting one asks first.
 */
export function WebhooksDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const toasts = useMutationToasts();
  const hooks = useQuery({ ...trpc.webhooks.list.queryOptions(), enabled: open, refetchOnMount: 'always' });
  const { view, setView, toList, close, toListAndRefetch } = useListDialogViews<View>(onClose);
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions(
      toasts({
        after: toListAndRefetch(trpc.webhooks.pathFilter()),
        done: 'Webhook deleted',
        failed: 'Could not delete the webhook',
      }),
    ),
  );
  const back = (
    <Button variant="secondary" onClick={toList}>
      Back
    </Button>
  );

  if (view.kind === 'delete')
    return (
      <Dialog
        open={open}
        onClose={toList}
        size="sm"
        hideCloseButton
        title="Delete this webhook?"
        description={`${view.webhook.url} will get no more events, and its delivery log goes with it.`}
        footer={
          <>
            <Button variant="secondary" onClick={toList}>
              Keep it
            </Button>
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate({ id: view.webhook.id })}>
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          </>
        }
      />
    );
  if (view.kind === 'new')
    return (
      <Dialog
        open={open}
        onClose={close}
        title="New webhook"
        description="Naav POSTs each event, signed, to this address."
      >
        <WebhookForm onCancel={toList} onCreated={(webhook) => setView({ kind: 'created', webhook })} />
      </Dialog>
    );
  if (view.kind === 'created')
    return (
      <Dialog
        open={open}
        onClose={close}
        title="Your webhook's secret"
        description="Copy it now: it is shown only this once. Verify each delivery's webhook-signature with it."
        footer={back}
      >
        <label className="block text-sm font-medium text-ink" htmlFor="webhook-secret">
          Signing secret
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={view.webhook.secret}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-2 min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-ink"
        />
      </Dialog>
    );
  if (view.kind === 'log')
    return (
      <Dialog open={open} onClose={close} title="Deliveries" description={view.webhook.url} footer={back}>
        <DeliveryLog webhook={view.webhook} />
      </Dialog>
    );

  return (
    <ListDialog open={open} onClose={close} onNew={() => setView({ kind: 'new' })} words={listWords} query={hooks}>
      {(hook) => (
        <>
          <div className="min-w-0 flex-1 text-sm">
            <p className="flex flex-wrap items-center gap-2 font-medium break-all text-ink">
              {hook.url}
              {hook.disabledAt ? (
                <Badge tone="danger">Disabled</Badge>
              ) : hook.failingSince ? (
                <Badge tone="warning">Failing</Badge>
              ) : null}
            </p>
            <p className="break-words text-muted">{hook.events.join(', ')}</p>
          </div>
          <div className="flex gap-2 self-start sm:self-auto">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Deliveries of ${hook.url}`}
              onClick={() => setView({ kind: 'log', webhook: hook })}
            >
              Deliveries
            </Button>
            <RowButton action="Delete" row={hook.url} onClick={() => setView({ kind: 'delete', webhook: hook })} />
          </div>
        </>
      )}
    </ListDialog>
  );
}
