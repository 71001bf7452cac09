import { addDaysIso } from '@naav/schemas/dates';
import { dateInZone, instantIn, isKnownZone } from '@naav/schemas/zones';

/** Quiet hours as a person set them: local clock times in their zone (null: UTC). */
export interface QuietHours {
  quietHours: { start: string; end: string } | null;
  timeZone: string | null;
}

/** When the daily digest goes out, in the person's own zone (later, when that is within quiet hours). */
const digestTime = '08:00';

const zoneOf = (s: QuietHours) => (s.timeZone && isKnownZone(s.timeZone) ? s.timeZone : 'UTC');

/** HH:MM of an instant in a zone. */
function clockIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );
}

/** Whether an instant is within the person's quiet hours (the start counts, the end does not; they may span midnight). */
export function inQuietHours(at: Date, s: QuietHours): boolean {
  if (!s.quietHours) return false;
  const { start, end } = s.quietHours;
  const now = clockIn(at, zoneOf(s));
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The first instant after `after` when the local clock shows `time` in the zone. */
function nextLocal(after: Date, time: string, timeZone: string): Date {
  const today = dateInZone(after, timeZone);
  const candidate = instantIn(today, time, timeZone);
  return candidate > after ? candidate : instantIn(addDaysIso(today, 1), time, timeZone);
}

/** When quiet hours that hold `at` end (the next time the local clock shows their end); `at` itself outside them. */
export function quietHoursEnd(at: Date, s: QuietHours): Date {
  if (!s.quietHours || !inQuietHours(at, s)) return at;
  return nextLocal(at, s.quietHours.end, zoneOf(s));
}

/** When the digest holding a notice written at `at` goes out: the next local 08:00, or the end of quiet hours that hold it. */
export function nextDigestAt(at: Date, s: QuietHours): Date {
  return quietHoursEnd(nextLocal(at, digestTime, zoneOf(s)), s);
}
