import { packingCategories } from '@naav/schemas/packing-limits';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import type { RouterOutputs, Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { useWaitingWrites } from '~/lib/use-queued-writes';
import { TickRow, useTicks } from './tick-row';
import { lazyDialog, preloadOnIntent } from '~/components/lazy-dialog';
import { RowDialogs, rowDialogs, useRowDialogs } from '~/components/row-dialogs';
import { namedRowTexts } from '~/components/row-texts';

export type PackingItem = RouterOutputs['packing']['list'][number];

// The dialogs and their forms load when a button of the list is first pointed at, focused or pressed.
const loadForm = () => import('./packing-item-form');
const PackingItemForm = lazy(() => loadForm().then((m) => ({ default: m.PackingItemForm })));
const TemplateDialog = lazyDialog(() => import('./packing-templates').then((m) => m.TemplateDialog));
const SaveTemplateDialog = lazyDialog(() => import('./packing-templates').then((m) => m.SaveTemplateDialog));
const preloadDialogs = preloadOnIntent(rowDialogs, TemplateDialog, {
  preload: () => void loadForm().catch(() => undefined),
});

/**
 * The trip's packing list, by category, with a packed tick per item (it works offline: the tick
 * waits on the device and is sent once). Whoever may change the trip adds, edits, deletes,
 * starts the list from a template and saves it as one; a view member reads it.
 */
export function PackingList({ trip, canEdit }: { trip: Trip; canEdit: boolean }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.packing.list.queryOptions({ id: trip.id }));
  const dialogs = useRowDialogs<PackingItem>();
  const [choosing, setChoosing] = useState(false);
  const [saving, setSaving] = useState(false);
  // Ticks not yet stored (offline, or on their way) count as made.
  const waiting = useWaitingWrites('packing.update');
  const pendingTick = new Map(
    waiting.filter((w) => w.input.packed !== undefined).map((w) => [w.input.id, w.input.packed!]),
  );
  const items = (list.data ?? []).map((item) => ({ ...item, packed: pendingTick.get(item.id) ?? item.packed }));
  const packed = items.filter((i) => i.packed).length;
  const gone = () => `It goes from the packing list of ${trip.title} for everyone on the trip.`;

  const actions = canEdit ? (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => dialogs.setAdding(true)}>
        <Icon name="plus" className="size-4" />
        Add item
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setChoosing(true)}>
        <Icon name="suitcase" className="size-4" />
        Start from a template
      </Button>
      {items.length > 0 ? (
        <Button size="sm" variant="secondary" onClick={() => setSaving(true)}>
          <Icon name="bookmark" className="size-4" />
          Save as template
        </Button>
      ) : null}
    </div>
  ) : null;

  return (
    <section aria-labelledby="packing-heading" {...(canEdit ? preloadDialogs : {})}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="packing-heading" className="text-lg font-semibold text-ink">
            Packing list
          </h2>
          {items.length > 0 ? (
            <p className="text-sm text-muted" role="status">
              {packed} of {items.length} packed
            </p>
          ) : null}
        </div>
        {items.length > 0 ? actions : null}
      </div>
      <div className="mt-4">
        {list.isPending ? (
          <LoadingBlock text="Loading the packing list..." rows={3} />
        ) : list.isError ? (
          <LoadError text="The packing list could not be loaded." onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<Icon name="suitcase" className="size-8" />}
            title="Nothing packed yet"
            titleAs="p"
            description={
              canEdit
                ? 'Start from a list suited to this trip’s length and weather, or add items one by one.'
                : 'Nobody has added anything to this trip’s packing list yet.'
            }
            action={actions}
          />
        ) : (
          <PackingGroups items={items} canEdit={canEdit} onEdit={dialogs.setEditing} onRemove={dialogs.setRemoving} />
        )}
      </div>
      <RowDialogs
        dialogs={dialogs}
        addTitle="Add a packing item"
        editTitle="Edit packing item"
        form={(item, onDone) => <PackingItemForm trip={trip} item={item} onDone={onDone} />}
        mutation={trpc.packing.delete.mutationOptions()}
        listKey={trpc.packing.list.queryKey({ id: trip.id })}
        texts={namedRowTexts('Delete', 'item', gone)}
      />
      <TemplateDialog trip={trip} open={choosing} onClose={() => setChoosing(false)} />
      <SaveTemplateDialog trip={trip} open={saving} onClose={() => setSaving(false)} />
    </section>
  );
}

function PackingGroups({
  items,
  canEdit,
  onEdit,
  onRemove,
}: {
  items: PackingItem[];
  canEdit: boolean;
  onEdit: (item: PackingItem) => void;
  onRemove: (item: PackingItem) => void;
}) {
  const ticks = useTicks('packing.update', 'Could not change the item');
  const groups = packingCategories
    .map((category) => ({ category, items: items.filter((i) => i.category === category) }))
    .filter((g) => g.items.length > 0);
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.category} aria-label={group.category}>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">{group.category}</h3>
          <ul className="mt-2 divide-y divide-slate-100">
            {group.items.map((item) => (
              <TickRow
                key={item.id}
                className="py-1"
                name={item.name}
                title={
                  <>
                    {item.name}
                    {item.quantity > 1 ? <span className="text-muted"> × {item.quantity}</span> : null}
                  </>
                }
                detail={<span className="block text-sm text-muted">{item.assigneeName ?? 'Shared'}</span>}
                ticked={ticks.ticked(item.id, item.packed)}
                waiting={ticks.waiting(item.id)}
                onTick={(on) => ticks.tick(item.id, on)}
                onEdit={canEdit ? () => onEdit(item) : undefined}
                onDelete={canEdit ? () => onRemove(item) : undefined}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
