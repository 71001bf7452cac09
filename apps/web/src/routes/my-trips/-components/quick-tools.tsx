import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { Card } from '@naav/ui/card';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { createEventInput } from '@naav/schemas/trips';
import { EventStatusBadge } from '../../../components/event-status-badge';
import { Icon, type IconName } from '../../../components/icon';
import { WorldMap } from '../../../components/world-map';
import type { RouterInputs, Trip, TripEvent } from '../../../lib/api-types';
import { formatDate, formatTime } from '../../../lib/format';
import { useTRPC } from '../../../lib/trpc';
import { useQueuedWrite } from '../../../lib/use-queued-writes';
import { errorMessage } from '../../../components/api-errors';
import { applyServerErrors, schemaValidator, submitWith, useAppForm } from '../../../components/form';
import { focusFirstInvalid } from '../../../components/form-controls';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { addDaysIso, dayIndexOf } from '@naav/schemas/dates';
import { canEditTrip } from '../../../lib/trip-permissions';

// The importer (its readers' cards, time-zone maths) loads when someone opens it.
const ImportBookingsDialog = lazy(() => import('../../../components/import-bookings/import-bookings-dialog').then((m) => ({ default: m.ImportBookingsDialog })));

type Tool = 'map' | 'flights' | 'event' | 'local' | 'import';

const allTools: { key: Tool; label: string; icon: IconName }[] = [
  { key: 'map', label: 'View Map', icon: 'globe' },
  { key: 'flights', label: 'Flight Status', icon: 'plane' },
  { key: 'event', label: 'Add Event', icon: 'calendar' },
  { key: 'local', label: 'Local Info', icon: 'compass' },
  { key: 'import', label: 'Import booking', icon: 'document' },
];

export function QuickTools({
  trip,
  events,
  dayIndex,
  onEventAdded,
}: {
  trip: Trip;
  events?: TripEvent[];
  dayIndex: number;
  /** Called with the new event's day, so the day panel can show it. */
  onEventAdded: (dayIndex: number) => void;
}) {
  const [open, setOpen] = useState<Tool | null>(null);
  const close = () => setOpen(null);
  // Adding events and importing bookings change the trip: not for a view member of a group it is shared with.
  const tools = canEditTrip(trip) ? allTools : allTools.filter((tool) => tool.key !== 'event' && tool.key !== 'import');
  return (
    <Card as="section" aria-labelledby="quick-tools-heading" className="p-5">
      <h2 id="quick-tools-heading" className="text-lg font-semibold text-ink">
        Quick Tools
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {tools.map((tool, i) => (
          <button
            key={tool.key}
            type="button"
            onClick={() => setOpen(tool.key)}
            // An odd tile out spans the row.
            className={`${i === tools.length - 1 && tools.length % 2 === 1 ? 'col-span-2 ' : ''}flex min-h-20 flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-canvas p-3 text-sm font-medium text-ink hover:border-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
          >
            <Icon name={tool.icon} className="size-6 text-brand-700" />
            {tool.label}
          </button>
        ))}
      </div>
      <MapDialog trip={trip} open={open === 'map'} onClose={close} />
      <FlightStatusDialog events={events} open={open === 'flights'} onClose={close} />
      <AddEventDialog trip={trip} defaultDate={addDaysIso(trip.startDate, dayIndex)} open={open === 'event'} onClose={close} onAdded={onEventAdded} />
      <LocalInfoDialog trip={trip} open={open === 'local'} onClose={close} />
      {open === 'import' ? (
        <Suspense fallback={null}>
          <ImportBookingsDialog trip={trip} open onClose={close} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function MapDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const info = useQuery({ ...trpc.trips.localInfo.queryOptions({ id: trip.id }), enabled: open });
  const coordinates = info.data?.coordinates;
  return (
    <Dialog open={open} onClose={onClose} title="Map" description={trip.location} size="lg">
      {info.isPending ? (
        <LoadingBlock text="Loading the map..." rows={1} />
      ) : info.isError ? (
        <LoadError what="the map" onRetry={() => void info.refetch()} />
      ) : coordinates ? (
        <WorldMap label={`World map with a pin at ${trip.location}`} pins={[{ id: trip.id, label: trip.location, ...coordinates }]} />
      ) : (
        <p className="text-muted">{trip.location} is not on the offline map yet.</p>
      )}
    </Dialog>
  );
}

function FlightStatusDialog({ events, open, onClose }: { events?: TripEvent[]; open: boolean; onClose: () => void }) {
  const legs = events?.filter((e) => e.type === 'transportation') ?? [];
  return (
    <Dialog open={open} onClose={onClose} title="Flight Status" description="Flights and other transport on this trip.">
      {!events ? (
        <LoadingBlock text="Loading transport..." rows={2} />
      ) : legs.length === 0 ? (
        <p className="text-muted">No flights or transfers are booked for this trip.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {legs.map((leg) => (
            <li key={leg.id} className="flex items-start gap-3 py-3">
              <Icon name={/\b(flight|fly|plane)\b/i.test(leg.title) ? 'plane' : 'route'} className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{leg.title}</p>
                <p className="text-sm text-muted">
                  {formatDate(leg.date)} · {formatTime(leg.startTime)}
                  {leg.endTime ? ` – ${formatTime(leg.endTime)}` : ''}
                </p>
                {leg.location ? <p className="text-sm text-muted">{leg.location}</p> : null}
              </div>
              <EventStatusBadge status={leg.status} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function LocalInfoDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const info = useQuery({ ...trpc.trips.localInfo.queryOptions({ id: trip.id }), enabled: open });
  return (
    <Dialog open={open} onClose={onClose} title="Local Info" description={trip.location}>
      {info.isPending ? (
        <LoadingBlock text="Loading local info..." rows={2} />
      ) : info.isError ? (
        <LoadError what="the local info" onRetry={() => void info.refetch()} />
      ) : (
        <dl className="space-y-4">
          <div>
            <dt className="text-sm font-medium text-muted">Local emergency number</dt>
            <dd>
              <a href={`tel:${info.data.emergencyNumber}`} className="text-2xl font-semibold text-danger-600 underline">
                {info.data.emergencyNumber}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted">Currency</dt>
            <dd className="text-ink">
              {info.data.currency
                ? `${info.data.currency.name} (${info.data.currency.code}, ${info.data.currency.symbol})`
                : 'Not known for this destination'}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-muted">Time zone</dt>
            <dd className="text-ink">
              {info.data.timeZone.replaceAll('_', ' ')} · {info.data.utcOffset}
            </dd>
          </div>
        </dl>
      )}
    </Dialog>
  );
}

type EventInput = RouterInputs['trips']['addEvent'];
type EventField = 'title' | 'type' | 'date' | 'startTime' | 'endTime' | 'location' | 'status';

const eventTypes: { value: EventInput['type']; label: string }[] = [
  { value: 'activity', label: 'Activity' },
  { value: 'meal', label: 'Meal' },
  { value: 'transportation', label: 'Transportation' },
  { value: 'accommodation', label: 'Accommodation' },
];
const eventStatuses: { value: NonNullable<EventInput['status']>; label: string }[] = [
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Pending' },
  { value: 'delayed', label: 'Delayed' },
  { value: 'cancelled', label: 'Cancelled' },
];

function AddEventDialog(props: {
  trip: Trip;
  defaultDate: string;
  open: boolean;
  onClose: () => void;
  onAdded: (dayIndex: number) => void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title="Add Event" description={`Plan something on ${props.trip.title}.`}>
      {props.open ? <AddEventForm {...props} /> : null}
    </Dialog>
  );
}

/** What a required field says when left blank; any other problem is the server's own message. */
const blankEventMessages = { title: 'Enter a title', date: 'Choose a date' };

type EventValues = Record<EventField, string>;

function AddEventForm({
  trip,
  defaultDate,
  onClose,
  onAdded,
}: {
  trip: Trip;
  defaultDate: string;
  onClose: () => void;
  onAdded: (dayIndex: number) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  // A queued write: without a network the event waits on this device, shown on its day as "Waiting to sync".
  const add = useQueuedWrite('trips.addEvent');

  const toRequest = (values: EventValues): EventInput => ({
    id: trip.id,
    title: values.title,
    type: values.type as EventInput['type'],
    date: values.date,
    startTime: values.startTime || null,
    endTime: values.endTime || null,
    location: values.location,
    status: values.status as EventInput['status'],
  });
  const checkEvent = schemaValidator(createEventInput, toRequest, blankEventMessages);

  const form = useAppForm({
    defaultValues: { title: '', type: 'activity', date: defaultDate, startTime: '', endTime: '', location: '', status: 'confirmed' } as EventValues,
    validators: {
      // What the server would refuse, naming the field: the shared event schema, and the trip's
      // own days (a rule of the server's that needs the trip).
      onSubmit: ({ value }) => {
        const fields: Record<string, string> = { ...checkEvent({ value })?.fields };
        if (!fields['date'] && (value.date < trip.startDate || value.date > trip.endDate)) {
          fields['date'] = `Choose a day between ${formatDate(trip.startDate)} and ${formatDate(trip.endDate)}`;
        }
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      let sent: Awaited<ReturnType<typeof add.submit>>;
      try {
        sent = await add.submit(toRequest(value));
      } catch (error) {
        if (applyServerErrors(form, error)) focusFirstInvalid(formRef.current);
        else toast({ title: 'Could not add the event', description: errorMessage(error), tone: 'destructive' });
        return;
      }
      const event = sent.queued ? null : sent.data;
      toast({
        title: 'Event added',
        description: event ? `${event.title} on ${formatDate(event.date)}` : 'Saved on this device: it is sent when the connection is back.',
        tone: 'success',
      });
      const index = dayIndexOf(trip.startDate, trip.endDate, value.date);
      if (index !== null) onAdded(index);
      onClose();
      if (event) await queryClient.invalidateQueries({ queryKey: trpc.trips.pathKey() });
    },
  });

  const onSubmit = submitWith(form);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <form.AppField name="title">{(field) => <field.TextField label="Title" required maxLength={160} className="sm:col-span-2" />}</form.AppField>
      <form.AppField name="type">
        {(field) => (
          <field.SelectField label="Type">
            {eventTypes.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </field.SelectField>
        )}
      </form.AppField>
      <form.AppField name="date">{(field) => <field.DateField label="Date" required min={trip.startDate} max={trip.endDate} />}</form.AppField>
      <form.AppField name="startTime">{(field) => <field.TextField label="Start time" type="time" optional />}</form.AppField>
      <form.AppField name="endTime">{(field) => <field.TextField label="End time" type="time" optional />}</form.AppField>
      <form.AppField name="location">{(field) => <field.TextField label="Location" optional maxLength={200} />}</form.AppField>
      <form.AppField name="status">
        {(field) => (
          <field.SelectField label="Status">
            {eventStatuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </field.SelectField>
        )}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onClose} busy={add.isPending} busyLabel="Adding…" label="Add Event" />
      </form.AppForm>
    </form>
  );
}
