import {
  createPackingItemInput,
  packingCategories,
  packingLimits,
  updatePackingItemInput,
} from '@naav/schemas/packing';
import { useMutation } from '@tanstack/react-query';
import { schemaValidator, submitWith, useAppForm } from '~/components/form';
import { focusFirstInvalid } from '~/components/form-controls';
import type { Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import type { PackingItem } from './packing-list';
import { peopleOptions } from './trip-people-options';
import { useTripRowSave } from './trip-row-save';

// The packing item's Add and Edit form (PackingList), loaded with its dialog.

type ItemValues = { name: string; category: string; quantity: string; assigneeId: string };

const toRequest = (values: ItemValues) => ({
  name: values.name,
  category: values.category,
  quantity: values.quantity.trim() === '' ? Number.NaN : Number(values.quantity),
  assigneeId: values.assigneeId || null,
});

/** Adds an item to the list, or (given `item`) saves changes to one. */
export function PackingItemForm({ trip, item, onDone }: { trip: Trip; item?: PackingItem; onDone: () => void }) {
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
