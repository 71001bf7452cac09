import { TZDate, tzOffset } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';

/** A date-time that says its offset (or Z). */
const hasOffset = (value: string) => value.includes('T') && /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value);

const isoDateTime = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A booking time that is a real date (or date-time) between the years 1900 and 2999, with an
 * offset of at most 14 hours: what an import may keep. Anything else is reported, not read.
 */
export function isReadableTime(value: string): boolean {
  if (!isoDateTime.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < 1900 || year > 2999) return false;
  const parsed = parseISO(value);
  if (Number.isNaN(parsed.getTime())) return false;
  // parseISO rolls 2027-02-30 over into March: the date must be the one written.
  const [, month, day] = value.slice(0, 10).split('-').map(Number);
  if (month! < 1 || month! > 12 || day! < 1 || day! > new Date(Date.UTC(year, month!, 0)).getUTCDate()) return false;
  const offset = statedOffset(value);
  return offset === null || Math.abs(offset) <= 14 * 60;
}

/** A date alone: an all-day item. */
const isDateOnly = (value: string) => !value.includes('T');

/** The instant a booking time stands for; a time without offset is read as wall time in `zone` (null when unknown). */
export function instantOf(value: string, zone: string | null): Date | null {
  if (isDateOnly(value)) return null;
  if (hasOffset(value)) return parseISO(value);
  if (!zone) return null;
  const wall = parseISO(value);
  return new Date(
    new TZDate(
      wall.getFullYear(),
      wall.getMonth(),
      wall.getDate(),
      wall.getHours(),
      wall.getMinutes(),
      wall.getSeconds(),
      zone,
    ).getTime(),
  );
}

/**
 * The day and time (HH:MM:SS) a booking time shows on the clocks of `zone`, the place where it
 * happens: a time with an offset is that instant there, one without is already local there.
 * A date alone stays that day without a time. Nothing is moved into the trip's zone.
 */
export function localDayAndTime(value: string, zone: string): { date: string; time: string | null } {
  if (isDateOnly(value)) return { date: value.slice(0, 10), time: null };
  const instant = hasOffset(value) ? parseISO(value) : null;
  const local = instant ? new TZDate(instant.getTime(), zone) : parseISO(value);
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm:ss') };
}

/** The offset (minutes east of UTC) a date-time states, or null. */
function statedOffset(value: string): number | null {
  if (!hasOffset(value)) return null;
  const match = /(Z|([+-])(\d{2}):?(\d{2})?)$/i.exec(value)!;
  if (match[1]!.toUpperCase() === 'Z') return 0;
  const minutes = Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[2] === '-' ? -minutes : minutes;
}

/**
 * The IANA zone a booking time happens in: the first zone known from the booking (its own,
 * its airport's or city's), else the trip's when the time's offset agrees with it, else the
 * fixed zone of the offset the time states (Etc/GMT-9 for +09:00), so that its local time stays
 * as the booking printed it.
 */
export function zoneOfTime(value: string, known: (string | null | undefined)[], tripZone: string): string {
  const found = known.find((zone): zone is string => Boolean(zone));
  if (found) return found;
  const offset = statedOffset(value);
  if (offset === null || isDateOnly(value)) return tripZone;
  if (tzOffset(tripZone, parseISO(value)) === offset) return tripZone;
  if (offset % 60 !== 0 || Math.abs(offset) > 12 * 60) return tripZone;
  const hours = -offset / 60;
  return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '+' : ''}${hours}`;
}
