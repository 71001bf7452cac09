/** §9: Monday-Friday 8:00 AM-10:00 PM, Saturday 9:00 AM-8:00 PM, Sunday 10:00 AM-6:00 PM. */
export const conciergeHours = [
  { days: 'Monday-Friday', hours: '8:00 AM-10:00 PM' },
  { days: 'Saturday', hours: '9:00 AM-8:00 PM' },
  { days: 'Sunday', hours: '10:00 AM-6:00 PM' },
] as const;

/** Opening and closing hour for each day of the week (0 = Sunday), local time. */
const openHours: Record<number, [number, number]> = {
  0: [10, 18],
  1: [8, 22],
  2: [8, 22],
  3: [8, 22],
  4: [8, 22],
  5: [8, 22],
  6: [9, 20],
};

/** Whether the concierge desk is open at `now` (the traveller's own clock). */
export function isOpenAt(now: Date): boolean {
  const [open, close] = openHours[now.getDay()]!;
  const hour = now.getHours() + now.getMinutes() / 60;
  return hour >= open && hour < close;
}

/** 12-hour clock, US English (§9): "3:05 PM". */
export const formatClock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
