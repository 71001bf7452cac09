import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { createItemInput, updateItemInput } from '@naav/schemas/proposals';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { showSubmitError, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import {
  itemTypeLabels,
  itineraryDays,
  parseWholeDollars,
  type ItemType,
  type Proposal,
  type ProposalItem,
} from './proposal-model';

/**
 * The Add Itinerary Item dialog: type activity, 09:00 to 12:00 and included unless changed.
 * Given an item, the same form edits it.
 */
export function AddItemDialog({
  proposal,
  day,
  item = null,
  open,
  onClose,
}: {
  proposal: Pick<Proposal, 'id' | 'startDate' | 'endDate'> | null;
  /** The day whose "Add" was used; none from the general button. */
  day: number | null;
  item?: ProposalItem | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={item ? 'Edit Itinerary Item' : 'Add Itinerary Item'} size="md">
      {open ? <AddItemForm proposal={proposal} initialDay={item?.day ?? day} item={item} onDone={onClose} /> : null}
    </Dialog>
  );
}

interface ItemValues {
  day: string;
  title: string;
  type: ItemType;
  startTime: string;
  endTime: string;
  location: string;
  cost: string;
  included: boolean;
  description: string;
  notes: string;
}

export function AddItemForm({
  proposal,
  initialDay,
  item = null,
  onDone,
}: {
  proposal: Pick<Proposal, 'id' | 'startDate' | 'endDate'> | null;
  initialDay: number | null;
  item?: ProposalItem | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const days = proposal ? itineraryDays(proposal.startDate, proposal.endDate, []) : [];
  const add = useMutation(trpc.proposals.addItem.mutationOptions());
  const update = useMutation(trpc.proposals.updateItem.mutationOptions());

  /** The item's fields as the API takes them: whole dollars, null for what is left empty. */
  const fieldsOf = (values: ItemValues) => ({
    day: Number(values.day),
    title: values.title,
    type: values.type,
    startTime: values.startTime,
    endTime: values.endTime,
    location: values.location || null,
    cost: parseWholeDollars(values.cost),
    included: values.included,
    description: values.description || null,
    notes: values.notes || null,
  });
  const checkItem = item
    ? schemaValidator(updateItemInput, (values: ItemValues) => ({ id: item.id, ...fieldsOf(values) }), {
        title: 'Enter a title',
      })
    : schemaValidator(createItemInput, (values: ItemValues) => ({ id: proposal?.id ?? '', ...fieldsOf(values) }), {
        title: 'Enter a title',
      });

  const form = useAppForm({
    defaultValues: {
      day: initialDay ? String(initialDay) : '',
      title: item?.title ?? '',
      type: item?.type ?? 'activity',
      startTime: item?.startTime ?? '09:00',
      endTime: item?.endTime ?? '12:00',
      location: item?.location ?? '',
      cost: item ? String(item.cost) : '',
      included: item?.included ?? true,
      description: item?.description ?? '',
      notes: item?.notes ?? '',
    } as ItemValues,
    validators: {
      // The spec's alert first; then what the server would say of the item, on its fields.
      onSubmit: ({ value }) => (!proposal || !value.day ? 'Missing proposal ID or day number' : checkItem({ value })),
    },
    onSubmit: async ({ value }) => {
      if (!proposal) return;
      const fields = fieldsOf(value);
      try {
        if (item) {
          await update.mutateAsync({ id: item.id, ...fields });
          toast.toast({ title: 'Item updated', tone: 'success' });
        } else {
          const added = await add.mutateAsync({ id: proposal.id, ...fields });
          toast.toast({ title: 'Item added', description: `${added.title} is on day ${added.day}.`, tone: 'success' });
        }
      } catch (error) {
        showSubmitError(form, error, {
          toast: toast.toast,
          title: item ? 'Could not save the item' : 'Could not add the item',
        });
        return;
      }
      await queryClient.invalidateQueries(trpc.proposals.pathFilter());
      onDone();
    },
  });
  const alert = useStore(form.store, (state) =>
    typeof state.errorMap.onSubmit === 'string' ? state.errorMap.onSubmit : null,
  );

  return (
    <form
      onSubmit={submitWith(form)}
      noValidate
      className="space-y-4"
      aria-label={item ? 'Edit Itinerary Item' : 'Add Itinerary Item'}
    >
      {alert ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {alert}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="day">
          {(field) => (
            <field.SelectField label="Day">
              <option value="">Choose a day</option>
              {days.map((d) => (
                <option key={d.day} value={d.day}>
                  Day {d.day} · {formatDate(d.date)}
                </option>
              ))}
            </field.SelectField>
          )}
        </form.AppField>
        <form.AppField name="type">
          {(field) => (
            <field.SelectField label="Type">
              {(Object.keys(itemTypeLabels) as ItemType[]).map((t) => (
                <option key={t} value={t}>
                  {itemTypeLabels[t]}
                </option>
              ))}
            </field.SelectField>
          )}
        </form.AppField>
      </div>
      <form.AppField name="title">{(field) => <field.TextField label="Title" maxLength={160} />}</form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="startTime">{(field) => <field.TextField label="Start Time" type="time" />}</form.AppField>
        <form.AppField name="endTime">{(field) => <field.TextField label="End Time" type="time" />}</form.AppField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="location">
          {(field) => <field.TextField label="Location" optional maxLength={200} />}
        </form.AppField>
        <form.AppField name="cost">
          {(field) => <field.TextField label="Cost (USD)" inputMode="numeric" placeholder="0" />}
        </form.AppField>
      </div>
      <form.AppField name="included">
        {(field) => (
          <field.CheckboxField
            label="Included in the price"
            className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink"
          />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" optional maxLength={2000} />}
      </form.AppField>
      <form.AppField name="notes">{(field) => <field.NotesField />}</form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busyLabel="Saving…" label={item ? 'Save Changes' : 'Add Item'} />
      </form.AppForm>
    </form>
  );
}
