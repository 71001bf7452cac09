import { useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useMemo, useRef } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { createEventInput, updateEventInput } from '@naav/schemas/trips';
import type { Trip, TripEvent } from '../lib/api-types';
import { formatDate } from '../lib/format';
import { useTRPC } from '../lib/trpc';
import { useQueuedWrite } from '../lib/use-queued-writes';
import { showSubmitError, firstError, schemaValidator, submitWith, useAppForm } from './form';
import { focusFirstInvalid, TimeZoneSelect } from './form-controls';
import { timeZoneOptions } from './use-place-lookup';
import {
  eventTypeLabels,
  eventStatusLabels,
  type EventValues,
  type AddRequest,
  type UpdateRequest,
  whenBlank,
  fieldOf,
  valuesOf,
  eventFields,
  arrivalDayOptions,
  useZoneFromPlace,
} from './event-form-model';

/** What the dialog needs of the trip: its days (an event's date lies within them) and its zone (the default). */
export type EventDialogTrip = Pick<Trip, 'id' | 'title' | 'startDate' | 'endDate' | 'timeZone'>;

/**
 * Adds an event to a trip or changes one: every field, from its day (moving it to another) to
 * its zones, and for a journey where and when it arrives. Shared by the trip page's itinerary
 * and My Trips' Current Trip tab. Open it with `event` to edit, without to add on `defaultDate`.
 */
export function EventDialog({
  trip,
  open,
  event = null,
  defaultDate,
  defaultDescription,
  onClose,
  onSaved,
}: {
  trip: EventDialogTrip;
  open: boolean;
  /** A new event's description to start from (the text of a booking that could not be read). */
  defaultDescription?: string;
  /** The event to change; null or left out: a new event. */
  event?: TripEvent | null;
  /** The day a new event starts on (the day the traveller chose); the trip's first day otherwise. */
  defaultDate?: string;
  onClose: () => void;
  /** After saving (or queuing, offline), with the event's day: a day-by-day view can move to it. */
  onSaved?: (date: string) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={event ? 'Edit Event' : 'Add Event'}
      description={event ? undefined : `Plan something on ${trip.title}.`}
      size="lg"
    >
      {open ? (
        <EventForm
          key={event?.id ?? 'new'}
          trip={trip}
          event={event}
          defaultDate={defaultDate ?? trip.startDate}
          defaultDescription={defaultDescription}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Dialog>
  );
}

function EventForm({
  trip,
  event,
  defaultDate,
  defaultDescription,
  onClose,
  onSaved,
}: {
  trip: EventDialogTrip;
  event: TripEvent | null;
  defaultDate: string;
  defaultDescription?: string;
  onClose: () => void;
  onSaved?: (date: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  // Queued writes: without a network a new event, or a change to one, waits on this device,
  // shown on its day as "Waiting to sync" and sent once when the connection is back.
  const add = useQueuedWrite('events.create');
  const update = useQueuedWrite('events.update');
  const editing = event !== null;
  const initial = useMemo(() => {
    const values = valuesOf(event, trip, defaultDate);
    return defaultDescription && !event ? { ...values, description: defaultDescription } : values;
  }, [event, trip, defaultDate, defaultDescription]);

  const toAdd = (values: EventValues): AddRequest => ({ id: trip.id, ...eventFields(values) });
  const toUpdate = (values: EventValues): UpdateRequest => ({ id: event?.id ?? '', ...eventFields(values) });
  const checkSchema = editing
    ? schemaValidator(updateEventInput, toUpdate, whenBlank, fieldOf)
    : schemaValidator(createEventInput, toAdd, whenBlank, fieldOf);

  const form = useAppForm({
    defaultValues: initial,
    validators: {
      // What the server would refuse, naming the field: the shared event schema, and the trip's
      // own days (a rule of the server's that needs the trip).
      onSubmit: ({ value }) => {
        const fields: Record<string, string> = { ...checkSchema({ value })?.fields };
        if (!fields['date'] && (value.date < trip.startDate || value.date > trip.endDate)) {
          fields['date'] = `Choose a day between ${formatDate(trip.startDate)} and ${formatDate(trip.endDate)}`;
        }
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      if (editing) await saveChanges(value);
      else await addEvent(value);
    },
  });

  const failed = (title: string, error: unknown) => {
    showSubmitError(form, error, { toast, title, fieldOf, focusIn: formRef.current, quietWhenOnFields: true });
  };

  async function addEvent(value: EventValues) {
    let sent: Awaited<ReturnType<typeof add.submit>>;
    try {
      sent = await add.submit(toAdd(value));
    } catch (error) {
      failed('Could not add the event', error);
      return;
    }
    const stored = sent.queued ? null : sent.data;
    toast({
      title: 'Event added',
      description: stored
        ? `${stored.title} on ${formatDate(stored.date)}`
        : 'Saved on this device: it is sent when the connection is back.',
      tone: 'success',
    });
    onSaved?.(value.date);
    onClose();
    if (stored) await queryClient.invalidateQueries({ queryKey: trpc.trips.pathKey() });
  }

  async function saveChanges(value: EventValues) {
    let sent: Awaited<ReturnType<typeof update.submit>>;
    try {
      sent = await update.submit(toUpdate(value));
    } catch (error) {
      failed('Could not update the event', error);
      return;
    }
    toast({
      title: 'Event updated',
      description: sent.queued ? 'Saved on this device: it is sent when the connection is back.' : undefined,
      tone: 'success',
    });
    onSaved?.(value.date);
    onClose();
    if (!sent.queued) await queryClient.invalidateQueries(trpc.trips.pathFilter());
  }

  const values = useStore(form.store, (state) => state.values);
  const journey = values.type === 'transportation';
  // Another kind of event that already ends on a later day keeps showing it, so it is not lost unseen.
  const showEndDay = journey || values.endDayOffset !== '0';
  const departureZone = useZoneFromPlace(
    values.location,
    initial.location,
    (zone) => form.setFieldValue('timeZone', zone),
    values.timeZone,
  );
  const arrivalZone = useZoneFromPlace(
    values.endLocation,
    initial.endLocation,
    (zone) => form.setFieldValue('endTimeZone', zone),
    values.endTimeZone,
  );
  const zones = useMemo(
    () => timeZoneOptions(values.timeZone, values.endTimeZone),
    [values.timeZone, values.endTimeZone],
  );
  const endDays = arrivalDayOptions(values.date, values.endDayOffset);

  const zoneSelect = (
    name: 'timeZone' | 'endTimeZone',
    label: string,
    hint: string | undefined,
    onPick: () => void,
    sameAsStart?: boolean,
  ) => (
    <form.AppField name={name}>
      {(field) => (
        <TimeZoneSelect
          label={label}
          name={field.name}
          value={field.state.value}
          onChange={(e) => {
            onPick();
            field.handleChange(e.target.value);
          }}
          onBlur={field.handleBlur}
          hint={hint}
          error={firstError(field.state.meta)}
          zones={zones}
          emptyLabel={sameAsStart ? 'Same as departure' : undefined}
        />
      )}
    </form.AppField>
  );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submitWith(form)}
      className="grid gap-4 sm:grid-cols-2"
      aria-label={editing ? 'Edit event' : 'Add event'}
    >
      <form.AppField name="title">
        {(field) => <field.TextField label="Title" required maxLength={160} className="sm:col-span-2" autoFocus />}
      </form.AppField>
      <form.AppField name="type">
        {(field) => <field.SelectField label="Type" options={eventTypeLabels} />}
      </form.AppField>
      <form.AppField name="status">
        {(field) => <field.SelectField label="Status" options={eventStatusLabels} />}
      </form.AppField>

      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-brand-800">
          {journey ? 'Departure' : 'When and where'}
        </legend>
        <form.AppField name="date">
          {(field) => (
            <field.DateField
              label="Date"
              required
              min={trip.startDate}
              max={trip.endDate}
              hint={editing ? 'Another day moves the event there.' : undefined}
            />
          )}
        </form.AppField>
        {zoneSelect('timeZone', 'Time zone', departureZone.hint, departureZone.pickByHand)}
        <form.AppField name="startTime">
          {(field) => <field.TextField label="Start time" type="time" optional />}
        </form.AppField>
        {journey ? null : (
          <form.AppField name="endTime">
            {(field) => <field.TextField label="End time" type="time" optional />}
          </form.AppField>
        )}
        <form.AppField name="location">
          {(field) => (
            <field.TextField
              label={journey ? 'Departure place' : 'Location'}
              optional
              maxLength={200}
              className={journey ? undefined : 'sm:col-span-2'}
            />
          )}
        </form.AppField>
        {showEndDay && !journey ? (
          <form.AppField name="endDayOffset">
            {(field) => <field.SelectField label="End day" options={endDays} />}
          </form.AppField>
        ) : null}
      </fieldset>

      {journey ? (
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-brand-800">Arrival</legend>
          <form.AppField name="endDayOffset">
            {(field) => <field.SelectField label="Arrival day" options={endDays} />}
          </form.AppField>
          <form.AppField name="endTime">
            {(field) => <field.TextField label="End time" type="time" optional hint="Local time where it arrives" />}
          </form.AppField>
          <form.AppField name="endLocation">
            {(field) => <field.TextField label="Arrival place" optional maxLength={200} />}
          </form.AppField>
          {zoneSelect('endTimeZone', 'Arrival time zone', arrivalZone.hint, arrivalZone.pickByHand, true)}
        </fieldset>
      ) : null}

      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" optional maxLength={1000} className="sm:col-span-2" />}
      </form.AppField>
      <form.AppField name="confirmationNumber">
        {(field) => <field.TextField label="Confirmation number" optional maxLength={60} autoComplete="off" />}
      </form.AppField>

      <form.AppForm>
        <form.DialogButtons
          onCancel={onClose}
          busy={editing ? update.isPending : add.isPending}
          busyLabel={editing ? 'Saving…' : 'Adding…'}
          label={editing ? 'Save Event' : 'Add Event'}
        />
      </form.AppForm>
    </form>
  );
}
