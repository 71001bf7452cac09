/** Today's calendar date (YYYY-MM-DD) in an IANA time zone; falls back to UTC for unknown zones. */
export function localDate(timeZone: string, now: Date = new Date()): string {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = { format: formatterFor(timeZone), minute: Number.NaN, date: '' };
    if (zones.size < 1000) zones.set(timeZone, zone);
  }
  // Every zone's offset is whole minutes, so the date only changes on a minute's boundary:
  // formatting (a few µs, several times a request) is done once a minute per zone.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== zone.minute) {
    zone.date = zone.format ? zone.format.format(now) : now.toISOString().slice(0, 10);
    zone.minute = minute;
  }
  return zone.date;
}

// Building a formatter costs about 0.1 ms; a trip asks for "today" on every request.
const zones = new Map<string, { format: Intl.DateTimeFormat | null; minute: number; date: string }>();
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  } catch {
    return null;
  }
}

/** Adds whole days to a YYYY-MM-DD date without any time-zone drift. */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
