import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { updateEventInput } from '@naav/schemas/trips';
import { errorMessage } from '../../../components/api-errors';
import { applyServerErrors, schemaValidator, submitWith, useAppForm } from '../../../components/form';
import { focusFirstInvalid } from '../../../components/form-controls';
import type { TripEvent } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { useQueuedWrite } from '../../../lib/use-queued-writes';

const statusLabels: Record<TripEvent['status'], string> = { confirmed: 'Confirmed', pending: 'Pending', delayed: 'Delayed', cancelled: 'Cancelled' };

/** Changes an event's title, times, place and status (the trip's owner, or a group member with edit permission). */
export function EditEventDialog({ event, onClose }: { event: TripEvent | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onClose={onClose} title="Edit Event">
      {event ? <EditEventForm key={event.id} event={event} onDone={onClose} /> : null}
    </Dialog>
  );
}

type EventValues = { title: string; startTime: string; endTime: string; location: string; status: TripEvent['status'] };

function EditEventForm({ event, onDone }: { event: TripEvent; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  // A queued write: without a network the edit waits on this device, shown on its day as "Waiting to sync".
  const update = useQueuedWrite('events.update');

  const toRequest = (values: EventValues) => ({
    id: event.id,
    title: values.title,
    startTime: values.startTime || null,
    endTime: values.endTime || null,
    location: values.location,
    status: values.status,
  });
  const form = useAppForm({
    defaultValues: {
      title: event.title,
      startTime: event.startTime?.slice(0, 5) ?? '',
      endTime: event.endTime?.slice(0, 5) ?? '',
      location: event.location ?? '',
      status: event.status,
    } as EventValues,
    validators: { onSubmit: schemaValidator(updateEventInput, toRequest, { title: 'Enter a title' }) },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      let sent: Awaited<ReturnType<typeof update.submit>>;
      try {
        sent = await update.submit(toRequest(value));
      } catch (error) {
        if (applyServerErrors(form, error)) focusFirstInvalid(formRef.current);
        toast({ title: 'Could not update the event', description: errorMessage(error), tone: 'destructive' });
        return;
      }
      if (sent.queued) {
        toast({ title: 'Event updated', description: 'Saved on this device: it is sent when the connection is back.', tone: 'success' });
        onDone();
        return;
      }
      await queryClient.invalidateQueries(trpc.trips.pathFilter());
      toast({ title: 'Event updated', tone: 'success' });
      onDone();
    },
  });

  const submit = submitWith(form);

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Edit event">
      <form.AppField name="title">{(field) => <field.TextField label="Title" maxLength={160} />}</form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="startTime">{(field) => <field.TextField label="Start Time" optional type="time" />}</form.AppField>
        <form.AppField name="endTime">{(field) => <field.TextField label="End Time" optional type="time" />}</form.AppField>
      </div>
      <form.AppField name="location">{(field) => <field.TextField label="Location" optional maxLength={200} />}</form.AppField>
      <form.AppField name="status">
        {(field) => (
          <field.SelectField label="Status" options={statusLabels} />
        )}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busy={update.isPending} busyLabel="Saving…" label="Save Event" />
      </form.AppForm>
    </form>
  );
}
