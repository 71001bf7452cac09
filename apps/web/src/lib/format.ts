import { tripDayCount } from '@naav/schemas/dates';
import { format, parseISO } from 'date-fns';

/** "08:05:00" → "8:05 AM"; missing → "--:--". */
export function formatTime(time: string | null | undefined): string {
  if (!time) return '--:--';
  const [h, m] = time.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return '--:--';
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** "2026-11-20" → "Nov 20, 2026" (US English). */
export function formatDate(date: string): string {
  return format(parseISO(date), 'MMM d, yyyy');
}

/** "Nov 20 – Nov 26, 2026", or across years "Dec 30, 2026 – Jan 3, 2027". */
export function formatDateRange(start: string, end: string): string {
  const s = parseISO(start);
  const e = parseISO(end);
  if (s.getFullYear() === e.getFullYear()) return `${format(s, 'MMM d')} – ${format(e, 'MMM d, yyyy')}`;
  return `${formatDate(start)} – ${formatDate(end)}`;
}

/** Inclusive length: a trip from the 13th to the 19th is 7 days and 6 nights. */
export function tripLength(startDate: string, endDate: string): { days: number; nights: number } {
  const days = tripDayCount(startDate, endDate);
  return { days, nights: Math.max(days - 1, 0) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "7 days / 6 nights". */
export function formatTripLength(startDate: string, endDate: string): string {
  const { days, nights } = tripLength(startDate, endDate);
  return `${plural(days, 'day', 'days')} / ${plural(nights, 'night', 'nights')}`;
}
