import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spanText, tripsFromCalendar } from './calendar-trips.read';

const sample = (name: string) => readFileSync(new URL(`../bookings/corpus/apps/${name}`, import.meta.url), 'utf8');

describe('trips from a calendar', () => {
  it("a TripIt feed: each trip with the plans inside its dates, times in their own zones (a flight in its departure airport's)", () => {
    const trips = tripsFromCalendar(sample('tripit-calendar-feed.ics'));
    expect(trips.map((t) => [t.title, t.destination, t.startDate, t.endDate, t.source, t.events.length])).toEqual([
      ['New York City, NY, March 2027', 'New York City, NY', '2027-03-04', '2027-03-09', 'tripit', 3],
      ['Lisbon, Portugal, June 2027', 'Lisbon, Portugal', '2027-06-12', '2027-06-14', 'tripit', 1],
    ]);
    expect(trips[0]!.events.map((e) => [e.title, e.type, e.date, e.startTime, e.timeZone])).toEqual([
      ['UA110 SFO to JFK', 'transportation', '2027-03-04', '20:15:00', 'America/Los_Angeles'],
      ['Check-in: The Jane Hotel', 'accommodation', '2027-03-05', '15:00:00', 'America/New_York'],
      ['Hamilton', 'activity', '2027-03-06', '19:30:00', 'America/New_York'],
    ]);
    expect(trips[0]!.timeZone).toBe('America/New_York');
    // 04:15 to 11:30 UTC is 8:15 PM to 3:30 AM the next day in San Francisco, as the booking says.
    expect(trips[0]!.events[0]).toMatchObject({ endDate: '2027-03-05', endTime: '03:30:00' });
  });

  it('a TREK trip export: the trip, and each reservation in local time with its kind', () => {
    const [trip, ...rest] = tripsFromCalendar(sample('trek-trip-export.ics'));
    expect(rest).toEqual([]);
    expect(trip).toMatchObject({
      title: 'Lisbon & Porto',
      destination: 'Lisbon',
      startDate: '2027-06-12',
      endDate: '2027-06-18',
      timeZone: 'Europe/Lisbon',
      source: 'trek',
      message: 'Lisbon & Porto: 5 events from 12 to 18 June',
    });
    expect(trip!.events.map((e) => [e.title, e.type, e.date, e.startTime, e.endTime, e.endDate, e.timeZone])).toEqual([
      ['LH 1166 Frankfurt → Lisbon', 'transportation', '2027-06-12', '07:15:00', '09:40:00', null, 'Europe/Berlin'],
      ['Hotel Avenida Palace', 'accommodation', '2027-06-12', '15:00:00', '11:00:00', '2027-06-15', 'Europe/Lisbon'],
      ['Dinner at Cervejaria Ramiro', 'meal', '2027-06-13', '20:00:00', null, null, 'Europe/Lisbon'],
      ['Alfa Pendular to Porto', 'transportation', '2027-06-15', '09:00:00', '12:05:00', null, 'Europe/Lisbon'],
      ['Douro valley tour', 'activity', '2027-06-17', null, null, null, 'Europe/Lisbon'],
    ]);
    expect(trip!.events[1]!.description).toContain('Confirmation: 88213');
  });

  it('any calendar over several weeks: one proposal, "12 events from 3 to 17 May, make a trip?"', () => {
    const [trip, ...rest] = tripsFromCalendar(sample('google-calendar-three-weeks.ics'));
    expect(rest).toEqual([]);
    expect(trip).toMatchObject({
      title: 'Portugal',
      startDate: '2027-05-03',
      endDate: '2027-05-17',
      timeZone: 'Europe/Lisbon',
      source: 'calendar',
      message: '12 events from 3 to 17 May, make a trip?',
    });
    expect(trip!.events[6]).toMatchObject({ title: 'Train to Porto', type: 'transportation', date: '2027-05-09' });
  });

  it('names spans across months and years, and refuses what is not a calendar', () => {
    expect(spanText('2027-04-28', '2027-05-02')).toBe('from 28 April to 2 May');
    expect(spanText('2026-12-30', '2027-01-02')).toBe('from 30 December 2026 to 2 January 2027');
    expect(() => tripsFromCalendar('hello')).toThrow(/not a calendar/);
    expect(() => tripsFromCalendar('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n')).toThrow(/no events/);
  });
});
