import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { EventStatusBadge } from '../../../components/event-status-badge';
import { EventTypeIcon } from '../../../components/event-type-icon';
import { Icon } from '../../../components/icon';
import type { TripEvent } from '../../../lib/api-types';
import { isUnstoredEvent, isWaitingEvent, useCancelWaitingEvent, type ShownEvent } from '../../../lib/use-waiting-events';
import { WaitingToSyncWithCancel } from '../../../components/waiting-to-sync';
import { formatTime } from '../../../lib/format';
import { todayIn } from '@naav/schemas/dates';
import { formatDayHeading, groupByDay } from './trip-dates';

/**
 * A trip's events by day: the trip page's Itinerary tab (with Edit for those who may) and the read-only share page.
 * `headingLevel` keeps the page outline in order wherever it is shown.
 */
export function ItineraryDays({
  events,
  tripStart,
  timeZone,
  headingLevel = 'h3',
  onEdit,
}: {
  events: ShownEvent[];
  tripStart: string;
  timeZone: string;
  headingLevel?: 'h2' | 'h3';
  /** Offers an Edit button per event (for those who may change the trip). */
  onEdit?: (event: TripEvent) => void;
}) {
  const Heading = headingLevel;
  const today = todayIn(timeZone);
  return (
    <ol className="space-y-8">
      {groupByDay(events, tripStart).map((day) => {
        const headingId = `itinerary-day-${day.date}`;
        return (
          <li key={day.date}>
            <section aria-labelledby={headingId}>
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-slate-200 pb-2">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Day {day.dayNumber}</p>
                <Heading id={headingId} className="font-display text-lg font-semibold text-ink">
                  {formatDayHeading(day.date)}
                </Heading>
                {day.date === today && <Badge tone="brand">Today</Badge>}
              </div>
              <ul className="mt-3 divide-y divide-slate-100">
                {day.events.map((event) => (
                  <EventRow key={event.id} event={event} onEdit={onEdit} />
                ))}
              </ul>
            </section>
          </li>
        );
      })}
    </ol>
  );
}

// Phones: the time sits above the title beside the icon; wider screens give it a column of its own.
function EventRow({ event, onEdit }: { event: ShownEvent; onEdit?: (event: TripEvent) => void }) {
  const waiting = isWaitingEvent(event);
  // Added without a network: nothing on the server to edit until it is stored.
  const unstored = isUnstoredEvent(event);
  const cancel = useCancelWaitingEvent();
  return (
    <li className="grid grid-cols-[2.25rem_minmax(0,1fr)] gap-x-3 py-3 sm:grid-cols-[4.75rem_2.25rem_minmax(0,1fr)] sm:gap-x-4">
      <p className="col-start-2 row-start-1 text-sm font-semibold tabular-nums text-ink sm:col-start-1 sm:pt-2">
        {event.startTime ? <time dateTime={event.startTime.slice(0, 5)}>{formatTime(event.startTime)}</time> : formatTime(null)}
      </p>
      <div className="col-start-1 row-span-2 row-start-1 sm:col-start-2">
        <EventTypeIcon event={event} />
      </div>
      <div className="col-start-2 row-start-2 min-w-0 sm:col-start-3 sm:row-start-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <p className={`font-medium text-ink ${event.status === 'cancelled' ? 'line-through decoration-slate-400' : ''}`}>{event.title}</p>
          <span className="flex items-center gap-1">
            {waiting ? <WaitingToSyncWithCancel what={unstored ? `adding ${event.title}` : `the changes to ${event.title}`} onCancel={() => cancel(event)} /> : null}
            <EventStatusBadge status={event.status} />
          </span>
        </div>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted">
          {event.endTime && (
            <span className="inline-flex items-center gap-1">
              <Icon name="clock" className="size-3.5" />
              Until {formatTime(event.endTime)}
            </span>
          )}
          {event.location && (
            <span className="inline-flex min-w-0 items-center gap-1">
              <Icon name="pin" className="size-3.5 shrink-0" />
              <span className="break-words">{event.location}</span>
            </span>
          )}
        </p>
        {event.description && <p className="mt-1 whitespace-pre-line text-sm text-muted">{event.description}</p>}
        {onEdit && !unstored && (
          <Button variant="ghost" size="sm" className="mt-1 -ml-3" onClick={() => onEdit(event)} aria-label={`Edit ${event.title}`}>
            Edit
          </Button>
        )}
      </div>
    </li>
  );
}
