import { wallClockIn } from '@naav/schemas/dates';
import { instantIn } from '@naav/schemas/zones';
import { tzOffset } from '@date-fns/tz/tzOffset';
import {
  dayShift,
  eventDuration,
  formatTime,
  isJourney,
  placeShortName,
  zoneLabel,
  type ZonedEventTimes,
} from '../lib/format';

// Every time an event shows is its own local time, where it happens: never converted into the
// trip's zone. Where that zone reads differently from the trip's, its short name follows.

interface Props {
  event: ZonedEventTimes;
  /** The trip's zone: times in it carry no label. */
  tripTimeZone: string;
}

/** The exact instant for machines: "2026-12-10T11:35+00:00" (date-fns's `yyyy-MM-dd'T'HH:mmxxx` in the zone). */
function machineTime(date: string, time: string, timeZone: string): string {
  const instant = instantIn(date, time, timeZone);
  const offset = tzOffset(timeZone, instant);
  const wall = wallClockIn(instant, timeZone).toISOString().slice(0, 16);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function ZoneName({ timeZone, label }: { timeZone: string; label: string }) {
  return (
    <abbr title={`${timeZone.replaceAll('_', ' ')} time`} className="text-xs font-medium text-muted no-underline">
      {label}
    </abbr>
  );
}

/** A local time on a day in a zone: "2:25 PM", then "+1" when on a later day than `from`, then the zone's name where it is not the trip's. */
function LocalTime({
  from,
  date,
  time,
  timeZone,
  tripTimeZone,
}: {
  from: string;
  date: string;
  time: string;
  timeZone: string;
  tripTimeZone: string;
}) {
  const shift = dayShift(from, date);
  const label = zoneLabel(timeZone, tripTimeZone, date, time);
  return (
    <>
      <time dateTime={machineTime(date, time, timeZone)}>{formatTime(time)}</time>
      {shift ? ` ${shift}` : null}
      {label ? (
        <>
          {' '}
          <ZoneName timeZone={timeZone} label={label} />
        </>
      ) : null}
    </>
  );
}

/** The start time ("8:00 AM", "11:35 AM WET"); "--:--" without one. */
export function EventStartTime({ event, tripTimeZone }: Props) {
  if (!event.startTime) return <>{formatTime(null)}</>;
  return (
    <LocalTime
      from={event.date}
      date={event.date}
      time={event.startTime}
      timeZone={event.timeZone}
      tripTimeZone={tripTimeZone}
    />
  );
}

/** The end time in the end's zone and on its day ("2:25 PM +1 GMT+9"); nothing without one. */
export function EventEndTime({ event, tripTimeZone }: Props) {
  if (!event.endTime) return null;
  return (
    <LocalTime
      from={event.date}
      date={event.endDate ?? event.date}
      time={event.endTime}
      timeZone={event.endTimeZone ?? event.timeZone}
      tripTimeZone={tripTimeZone}
    />
  );
}

/** A journey as a boarding pass reads: "11:35 AM Lisbon → 2:25 PM +1 Tokyo · 17 h 50 m". */
export function EventJourney({ event }: { event: ZonedEventTimes }) {
  const endZone = event.endTimeZone ?? event.timeZone;
  const endDate = event.endDate ?? event.date;
  const shift = dayShift(event.date, event.endDate);
  const duration = eventDuration(event);
  // Each end and the duration stay whole on a narrow screen: a line breaks only between them.
  return (
    <span className="tabular-nums">
      <span className="whitespace-nowrap">
        <time dateTime={machineTime(event.date, event.startTime!, event.timeZone)}>{formatTime(event.startTime)}</time>{' '}
        {placeShortName(event.location, event.timeZone)}
      </span>
      {' → '}
      <span className="whitespace-nowrap">
        <time dateTime={machineTime(endDate, event.endTime!, endZone)}>{formatTime(event.endTime)}</time>
        {shift ? ` ${shift}` : null} {placeShortName(event.endLocation, endZone)}
      </span>
      {duration ? (
        <>
          {' · '}
          <span className="whitespace-nowrap">{duration}</span>
        </>
      ) : null}
    </span>
  );
}

/** Start to end ("9:00 AM – 10:30 AM"), or the journey line for a transport event with an arrival of its own. */
export function EventTimeRange({ event, tripTimeZone }: Props) {
  if (isJourney(event)) return <EventJourney event={event} />;
  return (
    <span className="tabular-nums">
      <EventStartTime event={event} tripTimeZone={tripTimeZone} />
      {event.endTime ? (
        <>
          {' – '}
          <EventEndTime event={event} tripTimeZone={tripTimeZone} />
        </>
      ) : null}
    </span>
  );
}
