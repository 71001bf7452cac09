import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import { formatDate, formatTime, formatTripLength } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { AddItemDialog } from './add-item-dialog';
import { formatWholeMoney } from '~/lib/money';
import { itemTypeLabels, itineraryDays, totalCost, type Proposal, type ProposalItem } from './proposal-model';

/** The itinerary as an accordion of days; an agent edits it while the proposal is a draft. */
export function ItineraryPanel({ proposal, editable }: { proposal: Proposal; editable: boolean }) {
  const trpc = useTRPC();
  const items = useQuery(trpc.proposals.items.queryOptions({ id: proposal.id }));
  const [adding, setAdding] = useState<{ day: number | null; item?: ProposalItem } | null>(null);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<ProposalItem | null>(null);

  if (items.isPending) return <LoadingBlock text="Loading the itinerary..." />;
  if (items.isError) return <LoadError what="the itinerary" onRetry={() => void items.refetch()} />;

  const days = itineraryDays(proposal.startDate, proposal.endDate, items.data);
  const toggle = (day: number) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink">
          <span className="font-semibold">Total cost: {formatWholeMoney(totalCost(items.data))}</span>
          <span className="text-muted"> · {formatTripLength(proposal.startDate, proposal.endDate)}</span>
        </p>
        {editable ? (
          <Button size="sm" onClick={() => setAdding({ day: null })}>
            Add Itinerary Item
          </Button>
        ) : null}
      </div>
      {items.data.length === 0 ? (
        <EmptyState
          titleAs="p"
          title="No itinerary items"
          description={editable ? 'Add activities, meals, transport and stays day by day.' : 'The itinerary has not been planned yet.'}
        />
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {days.map(({ day, date, items: dayItems }) => {
            const open = !collapsed.has(day);
            const panelId = `day-${proposal.id}-${day}`;
            return (
              <li key={day}>
                <h4>
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => toggle(day)}
                    className="flex min-h-11 w-full items-center justify-between gap-3 px-4 py-3 text-left hover:bg-canvas focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <span className="font-semibold text-ink">
                      Day {day} <span className="font-normal text-muted">· {formatDate(date)}</span>
                    </span>
                    <span className="text-sm text-muted">
                      {dayItems.length} {dayItems.length === 1 ? 'item' : 'items'} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
                    </span>
                  </button>
                </h4>
                <div id={panelId} hidden={!open} className="px-4 pb-4">
                  {dayItems.length === 0 ? (
                    <p className="text-sm text-muted">No activities planned for this day.</p>
                  ) : (
                    <ol className="space-y-2" aria-label={`Day ${day}`}>
                      {dayItems.map((item) => (
                        <ItemRow key={item.id} item={item} editable={editable} onEdit={() => setAdding({ day: item.day, item })} onDelete={() => setDeleting(item)} />
                      ))}
                    </ol>
                  )}
                  {editable ? (
                    <Button variant="ghost" size="sm" className="mt-2" onClick={() => setAdding({ day })} aria-label={`Add an item to day ${day}`}>
                      + Add item
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <AddItemDialog proposal={proposal} day={adding?.day ?? null} item={adding?.item ?? null} open={adding !== null} onClose={() => setAdding(null)} />
      <DeleteItemDialog item={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function ItemRow({ item, editable, onEdit, onDelete }: { item: ProposalItem; editable: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-canvas p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm text-muted">
          {formatTime(item.startTime)} – {formatTime(item.endTime)}
        </p>
        <p className="font-medium text-ink">{item.title}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
          <Badge tone="neutral">{itemTypeLabels[item.type]}</Badge>
          {item.location ? <span>{item.location}</span> : null}
          <span className={item.included ? 'text-ink' : ''}>
            {formatWholeMoney(item.cost)}
            {item.included ? '' : ' (not included)'}
          </span>
        </p>
        {item.description ? <p className="mt-1 text-sm text-ink">{item.description}</p> : null}
      </div>
      {editable ? (
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${item.title}`}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${item.title}`}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function DeleteItemDialog({ item, onClose }: { item: ProposalItem | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const remove = useMutation(
    trpc.proposals.deleteItem.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.proposals.pathFilter());
        toast.toast({ title: 'Item deleted', tone: 'success' });
        onClose();
      },
      onError: (error) => toast.toast({ title: 'Could not delete the item', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      title="Confirm Deletion"
      description={`Are you sure you want to delete "${item?.title ?? ''}" from the itinerary? This action cannot be undone.`}
      confirmLabel="Delete Item"
      pending={remove.isPending}
      onConfirm={() => item && remove.mutate({ id: item.id })}
    />
  );
}
