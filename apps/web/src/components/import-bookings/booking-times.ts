import { isValid, parseISO } from 'date-fns';

// Bookings carry their times as the source gave them (an offset, or wall time where the
// booking is). The card shows and edits them as that local time, where each booking happens:
// a flight leaving San Francisco at 20:15 reads 20:15, whatever the trip's zone.

const offsetOf = (value: string) => (value.includes('T') ? (/(Z|[+-]\d{2}(:?\d{2})?)$/i.exec(value)?.[0] ?? '') : '');

/** A booking time as the value of a date (all-day) or datetime-local input: the local time it states. */
export function toLocalInput(value: string): string {
  if (!value.includes('T')) return value.slice(0, 10);
  return value.slice(0, 16);
}

/**
 * An edited input back to ISO 8601, with the offset the booking stated for that time (none when
 * it stated none: then the server reads it as local time at the booking's place). A date stays a date.
 */
export function fromLocalInput(input: string, original: string | null): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(input)) return input;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(input) || !isValid(parseISO(input))) return null;
  return `${input.slice(0, 16)}:00${original ? offsetOf(original) : ''}`;
}

/** The local day an input value falls on. */
export const dayOf = (input: string) => input.slice(0, 10);
