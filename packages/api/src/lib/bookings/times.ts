import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';

/** A date-time that says its offset (or Z). */
export const hasOffset = (value: string) => value.includes('T') && /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value);

/** A date alone: an all-day item. */
export const isDateOnly = (value: string) => !value.includes('T');

/** The instant a booking time stands for; a time without offset is read as wall time in `zone` (null when unknown). */
export function instantOf(value: string, zone: string | null): Date | null {
  if (isDateOnly(value)) return null;
  if (hasOffset(value)) return parseISO(value);
  if (!zone) return null;
  const wall = parseISO(value);
  return new Date(
    new TZDate(wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes(), wall.getSeconds(), zone).getTime(),
  );
}

/**
 * The day and time (HH:MM:SS) a booking time falls on in `localZone`, the trip's: events are
 * stored in the trip's local time. A date alone stays that day without a time; a time with
 * neither offset nor zone is taken as already local.
 */
export function localDayAndTime(value: string, localZone: string, sourceZone: string | null): { date: string; time: string | null } {
  if (isDateOnly(value)) return { date: value.slice(0, 10), time: null };
  const instant = instantOf(value, sourceZone);
  if (!instant) {
    const wall = parseISO(value);
    return { date: format(wall, 'yyyy-MM-dd'), time: format(wall, 'HH:mm:ss') };
  }
  const local = new TZDate(instant.getTime(), localZone);
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm:ss') };
}

/** Whether `end` comes after `start` (unknown when either has no instant and they are not comparable as text). */
export function endsAfterStart(start: string, end: string, zone: string | null): boolean {
  const a = instantOf(start, zone);
  const b = instantOf(end, zone);
  if (a && b) return b.getTime() > a.getTime();
  return end.slice(0, 19) > start.slice(0, 19);
}
