import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useRef } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import type { Trip } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { schemaValidator, sendAndConfirm, submitWith, useAppForm } from './form';
import { focusFirstInvalid } from './form-controls';
import { updateTripInput } from '@naav/schemas/trips';
import { ownImageHint } from '../lib/own-image';

const editable = [
  'title',
  'destination',
  'location',
  'startDate',
  'endDate',
  'accommodation',
  'transportation',
  'notes',
  'description',
  'imageUrl',
  'hotelPhone',
  'conciergePhone',
] as const;
type Field = (typeof editable)[number];
type Values = Record<Field, string>;

const valuesOf = (trip: Trip): Values =>
  Object.fromEntries(editable.map((field) => [field, trip[field] ?? ''])) as Values;

/** What each field says when left blank; any other problem is the server's own message. */
const blankMessages: Partial<Record<Field, string>> = {
  title: 'Enter a title',
  destination: 'Enter a destination',
  location: 'Enter a location',
  startDate: 'Choose a start date',
  endDate: 'Choose an end date',
};

export function EditTripDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit Trip Details" size="lg">
      {/* Mounted only while open, so every opening starts from the saved trip. */}
      {open ? <EditTripForm trip={trip} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditTripForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const update = useMutation(trpc.trips.update.mutationOptions());

  const toRequest = (values: Values) => ({ id: trip.id, ...values });
  const form = useAppForm({
    defaultValues: valuesOf(trip),
    // The server's rules (the shared update schema), checked before sending so the message appears at once.
    validators: { onSubmit: schemaValidator(updateTripInput, toRequest, blankMessages) },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      const sent = await sendAndConfirm(form, () => update.mutateAsync(toRequest(value)), {
        toast,
        title: 'Could not save the trip',
        focusIn: formRef.current,
        quietWhenOnFields: true,
        success: { title: 'Trip details saved' },
        onDone,
      });
      // After the dialog closed: the trip page shows the saved details when they come back.
      if (sent) await queryClient.invalidateQueries({ queryKey: trpc.trips.pathKey() });
    },
  });
  const startDate = useStore(form.store, (state) => state.values.startDate);

  const onSubmit = submitWith(form);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <form.AppField name="title">
        {(field) => <field.TextField label="Title" className="sm:col-span-2" required maxLength={120} />}
      </form.AppField>
      <form.AppField name="destination">
        {(field) => <field.TextField label="Destination" required maxLength={120} />}
      </form.AppField>
      <form.AppField name="location">
        {(field) => (
          <field.TextField label="Location" required maxLength={160} hint="City and country, e.g. Lisbon, Portugal" />
        )}
      </form.AppField>
      <form.AppField name="startDate">{(field) => <field.DateField label="Start date" required />}</form.AppField>
      <form.AppField name="endDate">
        {(field) => <field.DateField label="End date" required min={startDate || undefined} />}
      </form.AppField>
      <form.AppField name="accommodation">
        {(field) => <field.TextField label="Accommodation" optional maxLength={300} />}
      </form.AppField>
      <form.AppField name="transportation">
        {(field) => <field.TextField label="Transportation" optional maxLength={300} />}
      </form.AppField>
      <form.AppField name="hotelPhone">
        {(field) => <field.TextField label="Hotel phone" type="tel" optional maxLength={40} />}
      </form.AppField>
      <form.AppField name="conciergePhone">
        {(field) => <field.TextField label="Concierge phone" type="tel" optional maxLength={40} />}
      </form.AppField>
      <form.AppField name="imageUrl">
        {(field) => (
          <field.TextField label="Image URL" optional className="sm:col-span-2" maxLength={500} hint={ownImageHint} />
        )}
      </form.AppField>
      <form.AppField name="description">
        {(field) => (
          <field.TextAreaField label="Description" optional className="sm:col-span-2" maxLength={2000} rows={3} />
        )}
      </form.AppField>
      <form.AppField name="notes">{(field) => <field.NotesField className="sm:col-span-2" />}</form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busy={update.isPending} busyLabel="Saving…" label="Save Changes" />
      </form.AppForm>
    </form>
  );
}
