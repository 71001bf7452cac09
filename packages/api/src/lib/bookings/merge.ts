import type { Booking } from './booking';
import { instantOf } from './times';

/**
 * What makes two bookings the same: type, confirmation number (the title when there is
 * none) and the instant they start. Importing a booking whose key the trip already has
 * adds nothing.
 */
export function bookingKey(b: Pick<Booking, 'type' | 'confirmationNumber' | 'title' | 'start' | 'timeZone'>): string {
  const instant = instantOf(b.start, b.timeZone);
  const start = instant ? instant.toISOString() : b.start;
  const who = b.confirmationNumber ? `#${b.confirmationNumber.toUpperCase()}` : `title:${b.title.trim().toLowerCase()}`;
  return `${b.type}|${who}|${start}`;
}

/**
 * One passenger's reservation per item (Gmail's markup for several travellers) becomes one booking with all of them.
 * Grouped by key in one pass, each group's travellers kept in a set: linear in the number of reservations.
 */
export function mergeSameBookings(bookings: Booking[]): Booking[] {
  const merged = new Map<string, { booking: Booking; travellers: Set<string> }>();
  for (const booking of bookings) {
    const key = bookingKey(booking);
    const group = merged.get(key);
    if (!group) {
      merged.set(key, {
        booking: { ...booking, travellers: [...booking.travellers] },
        travellers: new Set(booking.travellers),
      });
      continue;
    }
    const earlier = group.booking;
    const newTravellers = [...new Set(booking.travellers)].filter((name) => !group.travellers.has(name));
    for (const name of newTravellers) group.travellers.add(name);
    earlier.travellers.push(...newTravellers);
    // Each passenger has their own seat: the merged booking names them all.
    if (booking.seat && newTravellers.length > 0)
      earlier.seat = earlier.seat ? `${earlier.seat}, ${booking.seat}` : booking.seat;
    // Another passenger's reservation adds their fare; the same one seen twice (JSON-LD and microdata) does not.
    if (
      earlier.price &&
      booking.price &&
      newTravellers.length > 0 &&
      earlier.price.currency === booking.price.currency
    ) {
      earlier.price = { ...earlier.price, amount: earlier.price.amount + booking.price.amount };
    } else earlier.price ??= booking.price;
    earlier.end ??= booking.end;
    earlier.startLocation ??= booking.startLocation;
    earlier.endLocation ??= booking.endLocation;
    earlier.provider ??= booking.provider;
    earlier.number ??= booking.number;
    earlier.timeZone ??= booking.timeZone;
  }
  return [...merged.values()].map((group) => group.booking);
}
