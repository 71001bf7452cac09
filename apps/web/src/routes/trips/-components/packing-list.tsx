import {
  packingCategories,
  createPackingItemInput,
  updatePackingItemInput,
  packingLimits,
} from '@naav/schemas/packing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { schemaValidator, submitWith, useAppForm } from '~/components/form';
import { focusFirstInvalid } from '~/components/form-controls';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import type { RouterOutputs, Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { useWaitingWrites } from '~/lib/use-queued-writes';
import { peopleOptions } from './trip-people-options';
import { TickRow, useTicks } from './tick-row';
import { useTripRowSave } from './trip-row-save';
import { namedRowTexts } from '~/components/remove-row-dialog';
import { RowDialogs, useRowDialogs } from '~/components/row-dialogs';
import { TemplateDialog, SaveTemplateDialog } from './packing-templates';

export type PackingItem = RouterOutputs['packing']['list'][number];

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
    <section aria-labelledby="packing-heading">
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

type ItemValues = { name: string; category: string; quantity: string; assigneeId: string };

const toRequest = (values: ItemValues) => ({
  name: values.name,
  category: values.category,
  quantity: values.quantity.trim() === '' ? Number.NaN : Number(values.quantity),
  assigneeId: values.assigneeId || null,
});

/** Adds an item to the list, or (given `item`) saves changes to one. */
function PackingItemForm({ trip, item, onDone }: { trip: Trip; item?: PackingItem; onDone: () => void }) {
  const trpc = useTRPC();
  const { formRef, people, save } = useTripRowSave('packing', trip, item !== undefined, onDone);
  const add = useMutation(trpc.packing.create.mutationOptions());
  const update = useMutation(trpc.packing.update.mutationOptions());
  const busy = item ? update : add;
  const quantityMessage = `Enter a number from ${packingLimits.quantity.min} to ${packingLimits.quantity.max}`;
  const check = item
    ? schemaValidator(updatePackingItemInput, (v: ItemValues) => ({ id: item.id, ...toRequest(v) }), {
        name: 'Enter what to pack',
        quantity: quantityMessage,
      })
    : schemaValidator(createPackingItemInput, (v: ItemValues) => ({ id: trip.id, ...toRequest(v) }), {
        name: 'Enter what to pack',
        quantity: quantityMessage,
      });
  const form = useAppForm({
    defaultValues: {
      name: item?.name ?? '',
      category: item?.category ?? 'Clothing',
      quantity: String(item?.quantity ?? 1),
      assigneeId: item?.assigneeId ?? '',
    } as ItemValues,
    validators: { onSubmit: check },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      const request = toRequest(value) as ReturnType<typeof toRequest> & { category: PackingItem['category'] };
      await save(form, () =>
        item ? update.mutateAsync({ id: item.id, ...request }) : add.mutateAsync({ id: trip.id, ...request }),
      );
    },
  });
  return (
    <form ref={formRef} noValidate onSubmit={submitWith(form)} className="space-y-4">
      <form.AppField name="name">
        {(field) => <field.TextField label="Item" required maxLength={packingLimits.name} autoComplete="off" />}
      </form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="category">
          {(field) => (
            <field.SelectField label="Category" options={Object.fromEntries(packingCategories.map((c) => [c, c]))} />
          )}
        </form.AppField>
        <form.AppField name="quantity">
          {(field) => (
            <field.NumberField
              label="Quantity"
              min={packingLimits.quantity.min}
              max={packingLimits.quantity.max}
              step={1}
              inputMode="numeric"
            />
          )}
        </form.AppField>
      </div>
      <form.AppField name="assigneeId">
        {(field) => <field.SelectField label="Who brings it" options={peopleOptions(people.data, 'Shared')} />}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons
          onCancel={onDone}
          busy={busy.isPending}
          busyLabel={item ? 'Saving…' : 'Adding…'}
          label={item ? 'Save Changes' : 'Add Item'}
        />
      </form.AppForm>
    </form>
  );
}

/** Naav's starters (the one that suits this trip first) and the traveller's own templates; choosing one adds its items. */
