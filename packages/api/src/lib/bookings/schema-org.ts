import type { Booking, BookingPlace, BookingSourceKind, BookingType } from './booking';
import { journeyTypes } from './booking';
import { airportByCode } from './places';
import {
  cancelledStatus,
  first,
  nameOf,
  names,
  place,
  price,
  text,
  when,
  isNode,
  type Node,
} from './schema-org-values';

// schema.org reservations (as Gmail's e-mail markup documents them) and the bare things some
// senders mark up without a reservation around them, turned into bookings.

const reservationTypes: Record<string, BookingType> = {
  FlightReservation: 'flight',
  TrainReservation: 'train',
  BusReservation: 'bus',
  BoatReservation: 'boat',
  LodgingReservation: 'lodging',
  RentalCarReservation: 'car_rental',
  FoodEstablishmentReservation: 'restaurant',
  EventReservation: 'event',
};

const thingTypes: Record<string, BookingType> = {
  Flight: 'flight',
  TrainTrip: 'train',
  BusTrip: 'bus',
  BoatTrip: 'boat',
  RentalCar: 'car_rental',
  FoodEstablishment: 'restaurant',
  Restaurant: 'restaurant',
  LodgingBusiness: 'lodging',
  Hotel: 'lodging',
  Motel: 'lodging',
  Hostel: 'lodging',
  Resort: 'lodging',
  BedAndBreakfast: 'lodging',
  Campground: 'lodging',
  VacationRental: 'lodging',
};

/** Limits on what one document may make us walk: real markup is a few hundred nodes. */
const maxDepth = 32;
const maxNodes = 20_000;

const typeNames = (node: Node): string[] => {
  const raw = node['@type'] ?? node.type;
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//i, '').replace(/^schema:/, ''));
};

function typeOf(node: Node, table: Record<string, BookingType>): BookingType | null {
  for (const name of typeNames(node)) {
    const direct = table[name];
    if (direct) return direct;
    // MusicEvent, SportsEvent, TheaterEvent … are all events.
    if (table === thingTypes && /Event$/.test(name)) return 'event';
  }
  return null;
}

interface Parts {
  type: BookingType;
  reservation: Node | null;
  thing: Node;
}

const journeyWord: Record<string, string> = { flight: 'Flight', train: 'Train', bus: 'Bus', boat: 'Ferry' };

/** A journey's booking: its title from its number and route, its zone from a flight's departure airport. */
export function journeyBooking(
  base: Pick<Booking, 'type' | 'confirmationNumber' | 'travellers' | 'seat' | 'price' | 'cancelled' | 'source'>,
  journey: {
    number: string | null;
    provider: string | null;
    start: string;
    end: string | null;
    from: BookingPlace | null;
    to: BookingPlace | null;
  },
): Booking {
  const number = journey.number ? journey.number.replace(/\s+/g, '') : null;
  return {
    ...base,
    title: journeyTitle(base.type, number, journey.from, journey.to),
    provider: journey.provider,
    number,
    start: journey.start,
    end: journey.end,
    timeZone: base.type === 'flight' ? (airportByCode(journey.from?.code)?.timeZone ?? null) : null,
    startLocation: journey.from,
    endLocation: journey.to,
  };
}

/** "Flight UA110 · SFO → JFK", "Bus · Port Authority, NYC → Boston South Station". */
function journeyTitle(
  type: BookingType,
  number: string | null,
  from: BookingPlace | null,
  to: BookingPlace | null,
): string {
  const label = (p: BookingPlace | null) => p?.code ?? p?.name ?? null;
  const route = [label(from), label(to)].filter(Boolean).join(' → ');
  const head = [journeyWord[type], number].filter(Boolean).join(' ');
  return route ? `${head} · ${route}` : head;
}

/** A ticket's seat (schema.org `ticketedSeat.seatNumber`). */
function seatOf(ticket: Node): string | null {
  const seat = first(ticket.ticketedSeat);
  return isNode(seat) ? text(seat.seatNumber) : null;
}

function toBooking({ type, reservation, thing }: Parts, kind: BookingSourceKind, file: string | null): Booking | null {
  const r = reservation ?? {};
  const ticket = isNode(first(r.reservedTicket)) ? (first(r.reservedTicket) as Node) : {};
  const travellers = names(r.underName, ticket.underName);
  const confirmationNumber = text(r.reservationNumber) ?? text(r.reservationId) ?? text(r.confirmationNumber);
  const cancelled = cancelledStatus(r.reservationStatus) || cancelledStatus(thing.eventStatus);
  const base = {
    type,
    confirmationNumber,
    travellers,
    seat: seatOf(ticket),
    price: price(r, ticket, thing),
    cancelled,
    source: { kind, file },
  };

  if (journeyTypes.includes(type)) {
    const fromKey = {
      flight: 'departureAirport',
      train: 'departureStation',
      bus: 'departureBusStop',
      boat: 'departureBoatTerminal',
    }[type as 'flight'];
    const toKey = {
      flight: 'arrivalAirport',
      train: 'arrivalStation',
      bus: 'arrivalBusStop',
      boat: 'arrivalBoatTerminal',
    }[type as 'flight'];
    const from = place(thing[fromKey]);
    const to = place(thing[toKey]);
    const carrierNode = first(thing.airline ?? thing.busCompany ?? thing.trainCompany ?? thing.provider ?? r.provider);
    const provider = nameOf(carrierNode);
    const carrierCode = isNode(carrierNode) ? text(carrierNode.iataCode) : null;
    const rawNumber = text(thing.flightNumber ?? thing.trainNumber ?? thing.busNumber)?.replace(/\s+/g, '') ?? null;
    const number =
      rawNumber && carrierCode && /^\d/.test(rawNumber) ? `${carrierCode.toUpperCase()}${rawNumber}` : rawNumber;
    const start = when(thing.departureTime, r.startTime);
    if (!start) return null;
    return journeyBooking(base, { number, provider, start, end: when(thing.arrivalTime, r.endTime), from, to });
  }

  if (type === 'lodging') {
    const hotel = place(thing);
    const start = when(r.checkinDate, r.checkinTime, thing.checkinTime);
    if (!start) return null;
    const name = text(thing.name);
    return {
      ...base,
      title: name ?? 'Stay',
      provider: name,
      number: null,
      start,
      end: when(r.checkoutDate, r.checkoutTime, thing.checkoutTime),
      timeZone: null,
      startLocation: hotel,
      endLocation: null,
    };
  }

  if (type === 'car_rental') {
    const provider = nameOf(thing.rentalCompany) ?? nameOf(r.provider) ?? nameOf(thing.provider);
    const start = when(r.pickupTime, thing.pickupTime);
    if (!start) return null;
    const car = [nameOf(thing.brand), text(thing.model)].filter(Boolean).join(' ');
    return {
      ...base,
      title: [provider ?? 'Car', 'rental', car ? `(${car})` : null].filter(Boolean).join(' '),
      provider,
      number: null,
      start,
      end: when(r.dropoffTime, thing.dropoffTime),
      timeZone: null,
      startLocation: place(r.pickupLocation ?? thing.pickupLocation),
      endLocation: place(r.dropoffLocation ?? thing.dropoffLocation),
    };
  }

  if (type === 'restaurant') {
    const start = when(r.startTime, r.startDate);
    if (!start) return null;
    const name = text(thing.name);
    return {
      ...base,
      title: name ?? 'Table reservation',
      provider: name,
      number: null,
      start,
      end: when(r.endTime),
      timeZone: null,
      startLocation: place(thing),
      endLocation: null,
    };
  }

  // An event.
  const start = when(thing.startDate, r.startTime, r.startDate);
  if (!start) return null;
  return {
    ...base,
    title: text(thing.name) ?? 'Event',
    provider: nameOf(thing.organizer) ?? nameOf(r.provider) ?? null,
    number: null,
    start,
    end: when(thing.endDate, r.endTime),
    timeZone: null,
    startLocation: place(thing.location),
    endLocation: null,
  };
}

export interface SchemaOrgResult {
  bookings: Booking[];
  /** Reservations that were recognised but lacked a start time, and the like. */
  skipped: number;
}

/**
 * Every reservation in a parsed JSON-LD document or microdata item list: objects, arrays,
 * `@graph`, nested `subReservation`s, `reservationFor` given as a list (one booking each),
 * and `@id` references within the document.
 */
export function bookingsFromSchemaOrg(root: unknown, kind: BookingSourceKind, file: string | null): SchemaOrgResult {
  const byId = new Map<string, Node>();
  const reservationTargets = new Set<string>();
  let visited = 0;
  const index = (v: unknown, depth: number) => {
    if (depth > maxDepth || ++visited > maxNodes) return;
    if (Array.isArray(v)) for (const item of v) index(item, depth + 1);
    else if (isNode(v)) {
      if (typeof v['@id'] === 'string' && Object.keys(v).length > 1) byId.set(v['@id'], v);
      if (typeOf(v, reservationTypes)) {
        for (const target of Array.isArray(v.reservationFor) ? v.reservationFor : [v.reservationFor]) {
          if (isNode(target) && typeof target['@id'] === 'string') reservationTargets.add(target['@id']);
        }
      }
      for (const value of Object.values(v)) if (typeof value === 'object') index(value, depth + 1);
    }
  };
  index(root, 0);
  const resolve = (v: unknown): unknown => {
    const value = first(v);
    if (isNode(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1)
      return byId.get(value['@id']) ?? value;
    return v;
  };

  const bookings: Booking[] = [];
  let skipped = 0;
  // What a reservation is for is read with it, never again as a bare thing (a @graph lists both).
  const seen = new Set<Node>();
  for (const id of reservationTargets) {
    const target = byId.get(id);
    if (target) seen.add(target);
  }
  const add = (parts: Parts) => {
    const booking = toBooking(parts, kind, file);
    if (booking) bookings.push(booking);
    else skipped++;
  };
  let walked = 0;
  const walk = (v: unknown, depth: number) => {
    if (depth > maxDepth || ++walked > maxNodes) return;
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1);
      return;
    }
    if (!isNode(v) || seen.has(v)) return;
    seen.add(v);
    const reservationType = typeOf(v, reservationTypes);
    if (reservationType) {
      const targets = Array.isArray(v.reservationFor) ? v.reservationFor : [v.reservationFor];
      for (const target of targets) {
        const thing = resolve(target);
        const node = isNode(first(thing)) ? (first(thing) as Node) : {};
        seen.add(node);
        add({ type: reservationType, reservation: v, thing: node });
      }
      return;
    }
    const thingType = typeOf(v, thingTypes);
    if (thingType && (thingType !== 'restaurant' || v.startTime) && (thingType !== 'lodging' || v.checkinTime)) {
      add({ type: thingType, reservation: null, thing: v });
      return;
    }
    for (const [key, value] of Object.entries(v))
      if (key !== '@context' && typeof value === 'object') walk(value, depth + 1);
  };
  walk(root, 0);
  return { bookings, skipped };
}
