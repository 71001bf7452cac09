import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';

// Bookings carry their times as the source gave them (an offset, or wall time where the
// booking is); the card shows and edits them in the trip's local time, as its events are.

const hasOffset = (value: string) => value.includes('T') && /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value);

/** A booking time as the value of a date (all-day) or datetime-local input, in the trip's zone. */
export function toTripInput(value: string, bookingZone: string | null, tripZone: string): string {
  if (!value.includes('T')) return value.slice(0, 10);
  const wall = parseISO(hasOffset(value) ? value.replace(/(Z|[+-]\d{2}(:?\d{2})?)$/i, '') : value);
  let instant: Date | null = null;
  if (hasOffset(value)) instant = parseISO(value);
  else if (bookingZone) instant = new Date(new TZDate(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds(), bookingZone).getTime());
  if (!instant || !isValid(instant)) return format(wall, "yyyy-MM-dd'T'HH:mm");
  return format(new TZDate(instant.getTime(), tripZone), "yyyy-MM-dd'T'HH:mm");
}

/** An edited input back to ISO 8601 with the trip zone's offset at that moment (a date stays a date). */
export function fromTripInput(input: string, tripZone: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) return input;
  const wall = parseISO(input);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(input) || !isValid(wall)) return null;
  const local = new TZDate(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes(), 0, tripZone);
  return format(local, "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** The trip day an input value falls on. */
export const dayOf = (input: string) => input.slice(0, 10);
