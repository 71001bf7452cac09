import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildTripCalendar, escapeText, foldLine, type IcsEvent, type IcsTrip } from './ics';

const trip: IcsTrip = {
  id: 'trip-1',
  title: 'Lisbon & the Algarve',
  location: 'Lisbon, Portugal',
  description: 'Tiles; tarts, and cliffs',
  startDate: '2026-10-22',
  endDate: '2026-10-28',
  timeZone: 'Europe/Lisbon',
};

const event = (over: Partial<IcsEvent>): IcsEvent => ({
  id: 'e1',
  title: 'Fado dinner',
  description: null,
  location: 'Alfama',
  date: '2026-10-24',
  startTime: '20:00:00',
  endTime: '22:30:00',
  status: 'confirmed',
  ...over,
});

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  for (const tz of component.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  }
  return component;
}

describe('buildTripCalendar', () => {
  const now = new Date('2026-10-01T09:30:00Z');
  const text = buildTripCalendar(
    trip,
    [
      event({}),
      // 25 October 2026 is the day Lisbon leaves summer time (+01:00 → +00:00).
      event({
        id: 'e2',
        title: 'Day after the clocks change',
        date: '2026-10-26',
        startTime: '09:00:00',
        endTime: null,
      }),
      event({ id: 'e3', title: 'Kayak, caves', date: '2026-10-27', startTime: null, endTime: null, status: 'pending' }),
    ],
    now,
  );
  const calendar = parse(text);
  const vevents = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));

  it('is a valid RFC 5545 calendar with CRLF line endings', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Lisbon');
  });

  it('holds the trip as an all-day span whose DTEND is the day after it ends', () => {
    const span = vevents.find((e) => e.uid === 'trip-trip-1@naav');
    expect(span?.summary).toBe('Lisbon & the Algarve');
    expect(span?.description).toBe('Tiles; tarts, and cliffs');
    expect(span?.startDate.isDate).toBe(true);
    expect(span?.startDate.toString()).toBe('2026-10-22');
    expect(span?.endDate.toString()).toBe('2026-10-29');
  });

  it("gives timed events in the trip's local time with the zone's real offset", () => {
    const dinner = vevents.find((e) => e.uid === 'event-e1@naav');
    expect(dinner?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Lisbon');
    expect(dinner?.startDate.zone?.tzid).toBe('Europe/Lisbon');
    expect(dinner?.startDate.toString()).toBe('2026-10-24T20:00:00');
    // Summer time: 20:00 in Lisbon is 19:00 UTC.
    expect(dinner?.startDate.toJSDate().toISOString()).toBe('2026-10-24T19:00:00.000Z');
    expect(dinner?.endDate.toJSDate().toISOString()).toBe('2026-10-24T21:30:00.000Z');
    const after = vevents.find((e) => e.uid === 'event-e2@naav');
    // Winter time: 09:00 in Lisbon is 09:00 UTC.
    expect(after?.startDate.toJSDate().toISOString()).toBe('2026-10-26T09:00:00.000Z');
  });

  it('makes an event without a time an all-day event, and marks pending ones tentative', () => {
    const kayak = vevents.find((e) => e.uid === 'event-e3@naav');
    expect(kayak?.summary).toBe('Kayak, caves');
    expect(kayak?.startDate.isDate).toBe(true);
    expect(kayak?.endDate.toString()).toBe('2026-10-28');
    expect(kayak?.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });

  it('stamps every event with the time it was made, in UTC', () => {
    expect(
      vevents.every((e) => e.component.getFirstPropertyValue('dtstamp')?.toString() === '2026-10-01T09:30:00Z'),
    ).toBe(true);
  });
});

describe('events in their own zones', () => {
  const flight = event({
    id: 'f1',
    title: 'TP flight to Tokyo',
    location: 'Lisbon (LIS)',
    date: '2026-12-10',
    startTime: '11:35:00',
    endTime: '14:25:00',
    timeZone: 'Europe/Lisbon',
    endDate: '2026-12-11',
    endTimeZone: 'Asia/Tokyo',
    endLocation: 'Tokyo Narita (NRT)',
  });
  const text = buildTripCalendar(
    { ...trip, timeZone: 'Asia/Tokyo', startDate: '2026-12-10', endDate: '2026-12-14' },
    [
      flight,
      event({
        id: 'n1',
        title: 'Ramen',
        date: '2026-12-11',
        startTime: '19:00:00',
        endTime: '20:00:00',
        timeZone: 'Asia/Tokyo',
      }),
      event({
        id: 'h1',
        title: 'Hotel stay',
        date: '2026-12-11',
        startTime: null,
        endTime: null,
        endDate: '2026-12-13',
        timeZone: 'Asia/Tokyo',
      }),
    ],
    new Date('2026-11-27T09:30:00Z'),
  );
  const calendar = parse(text);
  const vevents = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));

  it('writes a flight from Lisbon at 11:35 to Tokyo at 14:25 the next day with each end in its own zone, exactly', () => {
    const parsed = vevents.find((e) => e.uid === 'event-f1@naav')!;
    expect(parsed.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Lisbon');
    expect(parsed.component.getFirstProperty('dtend')?.getParameter('tzid')).toBe('Asia/Tokyo');
    expect(parsed.startDate.toString()).toBe('2026-12-10T11:35:00');
    expect(parsed.endDate.toString()).toBe('2026-12-11T14:25:00');
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-12-10T11:35:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-12-11T05:25:00.000Z');
    expect(parsed.location).toBe('Lisbon (LIS) → Tokyo Narita (NRT)');
  });

  it('declares one VTIMEZONE for each zone used, an arrival zone included', () => {
    const tzids = calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
    expect(tzids.sort()).toEqual(['Asia/Tokyo', 'Europe/Lisbon']);
  });

  it('gives every event that has an end a DTEND, an all-day stay its last day', () => {
    for (const e of vevents) expect(e.component.hasProperty('dtend')).toBe(true);
    const stay = vevents.find((e) => e.uid === 'event-h1@naav')!;
    expect(stay.startDate.toString()).toBe('2026-12-11');
    expect(stay.endDate.toString()).toBe('2026-12-14');
  });
});

describe('text helpers', () => {
  it('escapes the characters RFC 5545 reserves', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe('names and zones', () => {
  it('keeps a title with a comma, a semicolon or a new line inside its properties', () => {
    const title = 'Porto, Douro; and\nBEGIN:VEVENT';
    const calendar = parse(buildTripCalendar({ ...trip, title }, [], new Date('2026-10-01T09:30:00Z')));
    // ical.js reads X- properties raw: the name arrives as written, escaped.
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(escapeText(title));
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).summary).toBe(title);
  });

  it("writes a UTC trip's events with the zone the VTIMEZONE declares", () => {
    const calendar = parse(
      buildTripCalendar({ ...trip, timeZone: 'UTC' }, [event({})], new Date('2026-10-01T09:30:00Z')),
    );
    const tzid = calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid');
    const dinner = new ICAL.Event(calendar.getAllSubcomponents('vevent')[1]!);
    expect(dinner.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe(tzid);
    expect(dinner.startDate.toJSDate().toISOString()).toBe('2026-10-24T20:00:00.000Z');
  });
});
