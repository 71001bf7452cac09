/** Today's calendar date (YYYY-MM-DD) in an IANA time zone; falls back to UTC for unknown zones. */
export function localDate(timeZone: string, now: Date = new Date()): string {
  const format = formatterFor(timeZone);
  return format ? format.format(now) : now.toISOString().slice(0, 10);
}

// Building a formatter costs about 0.1 ms; a trip asks for "today" on every request.
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let format = formatters.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = null;
    }
    if (formatters.size < 1000) formatters.set(timeZone, format);
  }
  return format;
}

/** Adds whole days to a YYYY-MM-DD date without any time-zone drift. */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
