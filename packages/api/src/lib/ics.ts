// RFC 5545 calendars for a trip: the trip itself as an all-day span and each event in the
// trip's local time (TZID with a VTIMEZONE built from the zone's real offsets).

export interface IcsTrip {
  id: string;
  title: string;
  location: string;
  description: string | null;
  startDate: string;
  endDate: string;
  timeZone: string;
}

export interface IcsEvent {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  date: string;
  startTime: string | null;
  endTime: string | null;
  status: 'confirmed' | 'pending' | 'delayed' | 'cancelled';
}

const CRLF = '\r\n';

/** TEXT values escape backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after CRLF and a space. */
export function foldLine(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = new TextEncoder().encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + length > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const compactDate = (date: string) => date.replaceAll('-', '');
const compactTime = (time: string) => time.replaceAll(':', '').padEnd(6, '0');

function addDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function utcStamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

// One formatter per zone: building one is slow, and vtimezone asks for ~9,000 offsets a year.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC, in minutes, at an instant. */
function offsetMinutes(timeZone: string, instant: Date): number {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

const formatOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};

/** VTIMEZONE covering the years of the trip: one observance per offset change, found hour by hour. */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  let previous = offsetMinutes(timeZone, new Date(start));
  const observances: { at: number; from: number; to: number }[] = [];
  // Day by day, then hour by hour inside a day whose offset changed: ~400 look-ups a year.
  const day = 86_400_000;
  const hour = 3_600_000;
  for (let t = start; t < end; t += day) {
    if (offsetMinutes(timeZone, new Date(Math.min(t + day, end))) === previous) continue;
    for (let h = t + hour; h <= t + day; h += hour) {
      const offset = offsetMinutes(timeZone, new Date(h));
      if (offset !== previous) {
        observances.push({ at: h, from: previous, to: offset });
        previous = offset;
        break;
      }
    }
  }
  if (observances.length === 0) {
    lines.push('BEGIN:STANDARD', `DTSTART:${fromYear}0101T000000`);
    lines.push(`TZOFFSETFROM:${formatOffset(previous)}`, `TZOFFSETTO:${formatOffset(previous)}`, 'END:STANDARD');
  }
  for (const o of observances) {
    const kind = o.to > o.from ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time (before the change) at which the change happens.
    const local = new Date(o.at + o.from * 60_000).toISOString();
    const dtstart = `${local.slice(0, 10).replaceAll('-', '')}T${local.slice(11, 19).replaceAll(':', '')}`;
    lines.push(`BEGIN:${kind}`, `DTSTART:${dtstart}`, `TZOFFSETFROM:${formatOffset(o.from)}`, `TZOFFSETTO:${formatOffset(o.to)}`, `END:${kind}`);
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

const statusOf: Record<IcsEvent['status'], string> = {
  confirmed: 'CONFIRMED',
  pending: 'TENTATIVE',
  delayed: 'CONFIRMED',
  cancelled: 'CANCELLED',
};

export function buildTripCalendar(trip: IcsTrip, events: IcsEvent[], now: Date): string {
  const stamp = utcStamp(now);
  const tz = trip.timeZone;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Naav//Trip Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(trip.title)}`,
    `X-WR-TIMEZONE:${tz}`,
    ...vtimezone(tz, Number(trip.startDate.slice(0, 4)), Number(trip.endDate.slice(0, 4))),
    'BEGIN:VEVENT',
    `UID:trip-${trip.id}@naav`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compactDate(trip.startDate)}`,
    `DTEND;VALUE=DATE:${compactDate(addDay(trip.endDate))}`,
    `SUMMARY:${escapeText(trip.title)}`,
    `LOCATION:${escapeText(trip.location)}`,
    ...(trip.description ? [`DESCRIPTION:${escapeText(trip.description)}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:event-${event.id}@naav`, `DTSTAMP:${stamp}`);
    if (event.startTime) {
      lines.push(`DTSTART;TZID=${tz}:${compactDate(event.date)}T${compactTime(event.startTime)}`);
      if (event.endTime) lines.push(`DTEND;TZID=${tz}:${compactDate(event.date)}T${compactTime(event.endTime)}`);
    } else {
      lines.push(`DTSTART;VALUE=DATE:${compactDate(event.date)}`, `DTEND;VALUE=DATE:${compactDate(addDay(event.date))}`);
    }
    lines.push(`SUMMARY:${escapeText(event.title)}`, `STATUS:${statusOf[event.status]}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
