import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { EventStatusBadge } from '~/components/event-status-badge';
import { EventTypeIcon } from '~/components/event-type-icon';
import { Icon } from '~/components/icon';
import type { Trip, TripEvent } from '~/lib/api-types';
import { EventTimeRange } from '~/components/event-time';
import { useTRPC } from '~/lib/trpc';
import { isUnstoredEvent, isWaitingEvent, useCancelWaitingEvent, useShownEvents } from '~/lib/use-waiting-events';
import { WaitingToSyncWithCancel } from '~/components/waiting-to-sync';
import { addDaysIso, todayIn, tripDayCount } from '@naav/schemas/dates';
import { byStartInstant, isTodayWhereItHappens } from '@naav/schemas/zones';
import { formatLongDate } from './trip-days';
import { QueryState } from '~/components/query-state';

/** One day of the trip at a time: where, the usual weather, the schedule and who to call. */
export function DayByDayPanel({
  trip,
  events,
  dayIndex,
  onDayChange,
  onEdit,
}: {
  trip: Trip;
  events: UseQueryResult<TripEvent[], unknown>;
  dayIndex: number;
  onDayChange: (index: number) => void;
  /** Offers Edit on each stored event of the day (the event dialog). */
  onEdit?: (event: TripEvent) => void;
}) {
  const dayCount = tripDayCount(trip.startDate, trip.endDate);
  const date = addDaysIso(trip.startDate, dayIndex);
  // Events added or edited without a network show on their day at once, marked "Waiting to sync".
  // Today's schedule also holds what is today where it happens: a flight from Lisbon still on
  // Lisbon's today when the trip's clocks (Tokyo) have moved on.
  const isToday = date === todayIn(trip.timeZone);
  const shown = useShownEvents(trip.id, events.data, trip.timeZone).filter((e) => e.date === date || (isToday && isTodayWhereItHappens(e)));
  const dayEvents = shown.some((e) => isWaitingEvent(e) || e.date !== date) ? [...shown].sort(byStartInstant) : shown;
  const cancel = useCancelWaitingEvent();
  return (
    <Card as="section" aria-labelledby="day-heading" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div aria-live="polite">
          <h2 id="day-heading" className="text-lg font-semibold text-ink">
            Day {dayIndex + 1} of {dayCount}
          </h2>
          <p className="text-muted">{formatLongDate(date)}</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={dayIndex <= 0} onClick={() => onDayChange(dayIndex - 1)}>
            <Icon name="arrowRight" className="size-4 rotate-180" />
            Previous day
          </Button>
          <Button variant="secondary" size="sm" disabled={dayIndex >= dayCount - 1} onClick={() => onDayChange(dayIndex + 1)}>
            Next day
            <Icon name="arrowRight" className="size-4" />
          </Button>
        </div>
      </div>

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <LocationCard trip={trip} dayEvents={dayEvents} />
        <WeatherCard trip={trip} date={date} />
      </div>

      <section aria-labelledby="schedule-heading" className="mt-6">
        <h3 id="schedule-heading" className="font-semibold text-ink">
          Today's Schedule
        </h3>
        <div className="mt-3">
          <QueryState query={events} loading={{ text: 'Loading today\'s schedule...' }} error={{ what: 'the schedule' }} isEmpty={() => dayEvents.length === 0} empty={<div className="rounded-xl bg-canvas p-5 text-center">
              <p className="font-semibold text-ink">Free Day</p>
              <p className="mt-1 text-sm text-muted">
                No scheduled activities for today. Enjoy your free time or contact your concierge to arrange activities.
              </p>
            </div>}>
            {() => (
              <ol className="space-y-3">
              {dayEvents.map((event) => (
                <li key={event.id} className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
                  <EventTypeIcon event={event} />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      <p className="text-sm font-semibold text-brand-800 tabular-nums">
                        <EventTimeRange event={event} tripTimeZone={trip.timeZone} />
                      </p>
                      <span className="flex items-center gap-1">
                        {isWaitingEvent(event) ? (
                          <WaitingToSyncWithCancel what={isUnstoredEvent(event) ? `adding ${event.title}` : `the changes to ${event.title}`} onCancel={() => cancel(event)} />
                        ) : null}
                        <EventStatusBadge status={event.status} />
                      </span>
                    </div>
                    <p className="mt-0.5 font-medium text-ink">{event.title}</p>
                    {event.location ? <p className="text-sm text-muted">{event.location}</p> : null}
                    {event.description ? <p className="mt-1 text-sm text-muted">{event.description}</p> : null}
                    {onEdit && !isWaitingEvent(event) ? (
                      <Button variant="ghost" className="mt-1 -ml-3" onClick={() => onEdit(event)} aria-label={`Edit ${event.title}`}>
                        Edit
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
            )}
          </QueryState>
        </div>
      </section>

      <EmergencyContacts trip={trip} />
    </Card>
  );
}

function LocationCard({ trip, dayEvents }: { trip: Trip; dayEvents: TripEvent[] }) {
  // The day's first placed event says where the day happens; the trip's location otherwise.
  const where = dayEvents.find((e) => e.location)?.location;
  return (
    <section aria-labelledby="location-heading" className="rounded-xl bg-brand-50 p-4">
      <h3 id="location-heading" className="flex items-center gap-2 text-sm font-semibold text-brand-800">
        <Icon name="pin" className="size-4" />
        Location
      </h3>
      <p className="mt-2 font-medium text-ink">{trip.location}</p>
      {where ? <p className="text-sm text-muted">First stop: {where}</p> : null}
      {trip.accommodation ? <p className="mt-1 text-sm text-muted">Staying at {trip.accommodation}</p> : null}
    </section>
  );
}

function WeatherCard({ trip, date }: { trip: Trip; date: string }) {
  const trpc = useTRPC();
  // Keeps the last month's card while another month loads, so stepping days does not flicker.
  const info = useQuery({ ...trpc.trips.localInfo.queryOptions({ id: trip.id, date }), placeholderData: keepPreviousData });
  const weather = info.data?.typicalWeather;
  return (
    <section aria-labelledby="weather-heading" className="rounded-xl bg-canvas p-4">
      <h3 id="weather-heading" className="flex items-center gap-2 text-sm font-semibold text-ink">
        <Icon name="sparkles" className="size-4 text-accent-600" />
        Weather
      </h3>
      <QueryState query={info} loading={<p role="status" className="mt-2 text-sm text-muted">
          Loading the weather...
        </p>} error={<p className="mt-2 text-sm text-muted">The usual weather could not be loaded.</p>}>
        {() =>
          weather ? (
            <>
          <p className="mt-1 text-xs font-medium uppercase tracking-wide text-muted">Typical for {weather.month}</p>
          <p className="mt-1 text-ink">
            <span className="text-2xl font-semibold">{weather.highC}°C</span>
            <span className="text-muted"> / {weather.lowC}°C</span>
            <span className="sr-only"> (average high and low)</span>
          </p>
          <p className="text-sm text-muted">{weather.summary}</p>
        </>
          ) : (
            <p className="mt-2 text-sm text-muted">No climate data for {trip.location} yet.</p>
          )
        }
      </QueryState>
    </section>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function EmergencyContacts({ trip }: { trip: Trip }) {
  const contacts = [
    { label: 'Local emergency', phone: '112', note: 'Police, ambulance and fire' },
    { label: 'Hotel', phone: trip.hotelPhone, note: trip.accommodation },
    { label: 'Concierge', phone: trip.conciergePhone, note: 'Your Naav travel concierge' },
  ];
  return (
    <section aria-labelledby="emergency-heading" className="mt-6">
      <h3 id="emergency-heading" className="font-semibold text-ink">
        Emergency Contacts
      </h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        {contacts.map((c) => (
          <li key={c.label} className="min-w-0 rounded-xl border border-slate-200 p-3">
            <p className="text-sm font-medium text-muted">{c.label}</p>
            {c.phone ? (
              <a href={telHref(c.phone)} className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline">
                <Icon name="phone" className="size-4" />
                {c.phone}
              </a>
            ) : (
              <p className="mt-1 text-sm text-muted">Not on file: add it in Edit Trip Details</p>
            )}
            {c.note ? <p className="mt-1 truncate text-xs text-muted">{c.note}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
