import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf } from '../../../components/api-errors';
import { focusFirstInvalid, FormButtons, SelectInput, TextInput } from '../../../components/form-controls';
import type { TripEvent } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';

const statusLabels: Record<TripEvent['status'], string> = { confirmed: 'Confirmed', pending: 'Pending', delayed: 'Delayed', cancelled: 'Cancelled' };

/** Changes an event's title, times, place and status (the trip's owner, or a group member with edit permission). */
export function EditEventDialog({ event, onClose }: { event: TripEvent | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onClose={onClose} title="Edit Event">
      {event ? <EditEventForm key={event.id} event={event} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditEventForm({ event, onDone }: { event: TripEvent; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(event.title);
  const [startTime, setStartTime] = useState(event.startTime?.slice(0, 5) ?? '');
  const [endTime, setEndTime] = useState(event.endTime?.slice(0, 5) ?? '');
  const [location, setLocation] = useState(event.location ?? '');
  const [status, setStatus] = useState(event.status);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const update = useMutation(
    trpc.events.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.trips.pathFilter());
        toast({ title: 'Event updated', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        focusFirstInvalid(form.current);
        toast({ title: 'Could not update the event', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setErrors({ title: 'Enter a title' });
      focusFirstInvalid(form.current);
      return;
    }
    setErrors({});
    update.mutate({ id: event.id, title, startTime: startTime || null, endTime: endTime || null, location, status });
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label="Edit event">
      <TextInput label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors['title']} maxLength={160} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Start Time" optional type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} error={errors['startTime']} />
        <TextInput label="End Time" optional type="time" value={endTime} onChange={(e) => setEndTime(e.target.value)} error={errors['endTime']} />
      </div>
      <TextInput label="Location" optional value={location} onChange={(e) => setLocation(e.target.value)} error={errors['location']} maxLength={200} />
      <SelectInput label="Status" value={status} onChange={(e) => setStatus(e.target.value as TripEvent['status'])}>
        {Object.entries(statusLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectInput>
      <FormButtons onCancel={onDone} busy={update.isPending} busyLabel="Saving…" label="Save Event" />
    </form>
  );
}
