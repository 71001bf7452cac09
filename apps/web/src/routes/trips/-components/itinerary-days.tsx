import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { EventStatusBadge } from '~/components/event-status-badge';
import { EventTypeIcon } from '~/components/event-type-icon';
import { Icon } from '~/components/icon';
import type { TripEvent } from '~/lib/api-types';
import { isUnstoredEvent, isWaitingEvent, useCancelWaitingEvent, type ShownEvent } from '~/lib/use-waiting-events';
import { WaitingToSyncWithCancel } from '~/components/waiting-to-sync';
import { EventEndTime, EventJourney, EventStartTime } from '~/components/event-time';
import { isJourney } from '~/lib/format';
import { todayIn } from '@naav/schemas/dates';
import { useState } from 'react';
import { everyTripDay, foldFreeDays, formatDayHeading, groupByDay, type ItineraryRow } from './trip-dates';

/**
 * A trip's events by day: the trip page's Itinerary tab (a planning workspace for those who may
 * change the trip: every day with "Add to this day", a long run of free days folded into one row,
 * Edit and Delete on every event) and the read-only share page (only the days with events). `headingLevel` keeps the page outline in
 * order wherever it is shown.
 */
export function ItineraryDays({
  events,
  tripStart,
  tripEnd,
  timeZone,
  headingLevel = 'h3',
  onEdit,
  onDelete,
  onAddToDay,
}: {
  events: ShownEvent[];
  tripStart: string;
  /** With `onAddToDay`: every day of the trip is listed, free days too. */
  tripEnd?: string;
  timeZone: string;
  headingLevel?: 'h2' | 'h3';
  /** Offers an Edit button per event (for those who may change the trip). */
  onEdit?: (event: TripEvent) => void;
  /** Offers a Delete button per event (for those who may change the trip). */
  onDelete?: (event: TripEvent) => void;
  /** Offers "Add to this day" on every day of the trip. */
  onAddToDay?: (date: string) => void;
}) {
  const Heading = headingLevel;
  const today = todayIn(timeZone);
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const rows: ItineraryRow[] =
    onAddToDay && tripEnd
      ? foldFreeDays(everyTripDay(events, tripStart, tripEnd), today, opened)
      : groupByDay(events, tripStart).map((day) => ({ kind: 'day', day }));
  return (
    <ol className="space-y-8">
      {rows.map((row) => {
        if (row.kind === 'free') {
          return (
            <FreeDays
              key={`free-${row.from.date}`}
              row={row}
              Heading={Heading}
              onAddToDay={onAddToDay}
              onOpen={() => setOpened((dates) => new Set(dates).add(row.from.date))}
            />
          );
        }
        const { day } = row;
        const headingId = `itinerary-day-${day.date}`;
        return (
          <li key={day.date}>
            <section aria-labelledby={headingId}>
              <DayHeader
                Heading={Heading}
                headingId={headingId}
                label={`Day ${day.dayNumber}`}
                heading={formatDayHeading(day.date)}
                today={day.date === today}
                // The day's heading describes the button, so each "Add to this day" says which day.
                add={onAddToDay && { label: 'Add to this day', onClick: () => onAddToDay(day.date) }}
              />
              {day.events.length === 0 ? (
                <p className="mt-3 text-sm text-muted">No activities planned for this day.</p>
              ) : (
                <ul className="mt-3 divide-y divide-slate-100">
                  {day.events.map((event) => (
                    <EventRow
                      key={event.id}
                      event={event}
                      tripTimeZone={timeZone}
                      onEdit={onEdit}
                      onDelete={onDelete}
                    />
                  ))}
                </ul>
              )}
            </section>
          </li>
        );
      })}
    </ol>
  );
}

/** The line above a day (or a run of free days): its number, its date as the heading, and its Add button. */
function DayHeader({
  Heading,
  headingId,
  label,
  heading,
  today = false,
  add,
}: {
  Heading: 'h2' | 'h3';
  headingId: string;
  label: string;
  heading: string;
  today?: boolean;
  add?: { label: string; onClick: () => void };
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-200 pb-2">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{label}</p>
        <Heading id={headingId} className="font-display text-lg font-semibold text-ink">
          {heading}
        </Heading>
        {today && <Badge tone="brand">Today</Badge>}
      </div>
      {add ? (
        <Button variant="ghost" className="-mr-3" onClick={add.onClick} aria-describedby={headingId}>
          <Icon name="plus" className="size-4" />
          {add.label}
        </Button>
      ) : null}
    </div>
  );
}

/** A long run of free days as one row, with "Show each day" to list them and "Add to these days" from its first. */
function FreeDays({
  row,
  Heading,
  onAddToDay,
  onOpen,
}: {
  row: Extract<ItineraryRow, { kind: 'free' }>;
  Heading: 'h2' | 'h3';
  onAddToDay?: (date: string) => void;
  onOpen: () => void;
}) {
  const headingId = `itinerary-free-${row.from.date}`;
  return (
    <li>
      <section aria-labelledby={headingId}>
        <DayHeader
          Heading={Heading}
          headingId={headingId}
          label={`Days ${row.from.dayNumber}–${row.to.dayNumber}`}
          heading={`${formatDayHeading(row.from.date)} – ${formatDayHeading(row.to.date)}`}
          add={onAddToDay && { label: 'Add to these days', onClick: () => onAddToDay(row.from.date) }}
        />
        <p className="mt-3 flex flex-wrap items-center gap-x-3 text-sm text-muted">
          No activities planned for these {row.count} days.
          <Button variant="ghost" className="-ml-3" onClick={onOpen} aria-describedby={headingId}>
            Show each day
          </Button>
        </p>
      </section>
    </li>
  );
}

// Phones: the time sits above the title beside the icon; wider screens give it a column of its own.
function EventRow({
  event,
  tripTimeZone,
  onEdit,
  onDelete,
}: {
  event: ShownEvent;
  tripTimeZone: string;
  onEdit?: (event: TripEvent) => void;
  onDelete?: (event: TripEvent) => void;
}) {
  const waiting = isWaitingEvent(event);
  // Added without a network: nothing on the server to edit until it is stored.
  const unstored = isUnstoredEvent(event);
  const cancel = useCancelWaitingEvent();
  return (
    <li className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-3 py-3 sm:grid-cols-[4.75rem_2.25rem_minmax(0,1fr)] sm:gap-x-4">
      <p className="col-start-2 row-start-1 text-sm font-semibold tabular-nums text-ink sm:col-start-1 sm:pt-2">
        <EventStartTime event={event} tripTimeZone={tripTimeZone} />
      </p>
      <div className="col-start-1 row-span-2 row-start-1 sm:col-start-2">
        <EventTypeIcon event={event} />
      </div>
      <div className="col-start-2 row-start-2 min-w-0 sm:col-start-3 sm:row-start-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <p
            className={`font-medium text-ink ${event.status === 'cancelled' ? 'line-through decoration-slate-400' : ''}`}
          >
            {event.title}
          </p>
          <span className="flex items-center gap-1">
            {waiting ? (
              <WaitingToSyncWithCancel
                what={unstored ? `adding ${event.title}` : `the changes to ${event.title}`}
                onCancel={() => cancel(event)}
              />
            ) : null}
            <EventStatusBadge status={event.status} />
          </span>
        </div>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted">
          {isJourney(event) ? (
            <span className="inline-flex items-center gap-1 font-medium text-ink">
              <Icon name="clock" className="size-3.5 shrink-0" />
              <EventJourney event={event} />
            </span>
          ) : (
            event.endTime && (
              <span className="inline-flex items-center gap-1">
                <Icon name="clock" className="size-3.5" />
                <span>
                  Until <EventEndTime event={event} tripTimeZone={tripTimeZone} />
                </span>
              </span>
            )
          )}
          {(event.location || event.endLocation) && (
            <span className="inline-flex min-w-0 items-center gap-1">
              <Icon name="pin" className="size-3.5 shrink-0" />
              <span className="break-words">{[event.location, event.endLocation].filter(Boolean).join(' → ')}</span>
            </span>
          )}
        </p>
        {event.description && <p className="mt-1 whitespace-pre-line text-sm text-muted">{event.description}</p>}
        {(onEdit || onDelete) && !unstored && (
          <div className="mt-1 -ml-3 flex gap-1">
            {onEdit && (
              <Button variant="ghost" onClick={() => onEdit(event)} aria-label={`Edit ${event.title}`}>
                Edit
              </Button>
            )}
            {onDelete && (
              <Button
                variant="ghost"
                className="text-danger-600 hover:bg-danger-50"
                onClick={() => onDelete(event)}
                aria-label={`Delete ${event.title}`}
              >
                Delete
              </Button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
