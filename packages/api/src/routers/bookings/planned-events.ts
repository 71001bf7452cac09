import { journeyTypes, type Booking, type BookingPlace } from '../../lib/bookings/booking';
import { zoneOfPlace } from '../../lib/bookings/places';
import { localDayAndTime, zoneOfTime } from '../../lib/bookings/times';
import type { Trip, TripEvent } from '../trips/trips.schemas';

// How one booking becomes the trip's events (an import writes them; see importBookings).

type EventType = TripEvent['type'];
export interface PlannedEvent {
  title: string;
  type: EventType;
  date: string;
  startTime: string | null;
  endTime: string | null;
  timeZone: string;
  endDate: string | null;
  endTimeZone: string | null;
  location: string | null;
  endLocation: string | null;
  confirmationNumber: string | null;
  description: string | null;
}

const eventTypeOf = (b: Booking): EventType =>
  journeyTypes.includes(b.type) || b.type === 'car_rental'
    ? 'transportation'
    : b.type === 'lodging'
      ? 'accommodation'
      : b.type === 'restaurant'
        ? 'meal'
        : 'activity';

export const placeLabel = (p: BookingPlace | null) => {
  if (!p) return null;
  if (p.name && p.code && !p.name.includes(p.code)) return `${p.name} (${p.code})`;
  return p.name ?? p.code ?? p.address;
};

export const clip = (s: string | null, max: number) => (s && s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The trip's events for one booking, each time in the zone where it happens (the booking's own,
 * else its airport's or city's): a flight leaving Lisbon at 11:35 stays 11:35 in Lisbon, whatever
 * the trip's zone. A journey or an event that ends on a later day keeps its end on that day.
 */
export function plannedEvents(b: Booking, trip: Pick<Trip, 'timeZone'>): PlannedEvent[] {
  const startZone = zoneOfTime(b.start, [b.timeZone, zoneOfPlace(b.startLocation)], trip.timeZone);
  const journey = journeyTypes.includes(b.type);
  // A journey ends where it arrives; anything else where it started, unless the booking says otherwise.
  const endZone = b.end
    ? zoneOfTime(
        b.end,
        journey || b.type === 'car_rental'
          ? [zoneOfPlace(b.endLocation), b.timeZone, zoneOfPlace(b.startLocation)]
          : [b.timeZone, zoneOfPlace(b.startLocation)],
        trip.timeZone,
      )
    : startZone;
  const start = localDayAndTime(b.start, startZone);
  const end = b.end ? localDayAndTime(b.end, endZone) : null;
  // The places are the event's locations and the reference its own field; the text holds the rest.
  const lines = [
    b.provider && !b.title.includes(b.provider) ? `Provider: ${b.provider}` : null,
    b.number && !b.title.includes(b.number) ? `Number: ${b.number}` : null,
    b.travellers.length ? `Travellers: ${b.travellers.join(', ')}` : null,
    b.seat ? `Seat: ${b.seat}` : null,
  ];
  const description = clip(lines.filter(Boolean).join('\n') || null, 1000);
  const type = eventTypeOf(b);
  const confirmationNumber = clip(b.confirmationNumber, 60);
  const at = (p: BookingPlace | null) => clip(placeLabel(p) ?? (p?.address ? p.address : null), 200);
  const base = {
    type,
    timeZone: startZone,
    endDate: null,
    endTimeZone: null,
    endLocation: null,
    confirmationNumber,
    description,
  };

  if (b.type === 'car_rental' || b.type === 'lodging') {
    const [first, second] = b.type === 'lodging' ? ['Check-in', 'Check-out'] : ['Pick-up', 'Drop-off'];
    const planned: PlannedEvent[] = [
      {
        ...base,
        title: clip(`${first}: ${b.title}`, 160)!,
        date: start.date,
        startTime: start.time,
        endTime: null,
        location: at(b.startLocation),
      },
    ];
    if (end) {
      planned.push({
        ...base,
        title: clip(`${second}: ${b.title}`, 160)!,
        date: end.date,
        startTime: end.time,
        endTime: null,
        timeZone: endZone,
        location: at(b.endLocation ?? b.startLocation),
      });
    }
    return planned;
  }
  // An end is kept when it has a time and the start has one too (an all-day span has none to show).
  const timedEnd = end?.time && start.time ? end : null;
  const ending = {
    endTime: timedEnd?.time ?? null,
    endDate: timedEnd && timedEnd.date !== start.date ? timedEnd.date : null,
    endTimeZone: timedEnd && endZone !== startZone ? endZone : null,
  };
  if (journey) {
    return [
      {
        ...base,
        ...ending,
        title: b.title,
        date: start.date,
        startTime: start.time,
        location: at(b.startLocation),
        endLocation: at(b.endLocation),
      },
    ];
  }
  return [
    {
      ...base,
      ...ending,
      title: clip(b.title, 160)!,
      date: start.date,
      startTime: start.time,
      location: at(b.startLocation),
    },
  ];
}
