import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventEndTime, EventStartTime, EventTimeRange } from './event-time';

const flight = {
  type: 'transportation',
  date: '2026-12-10',
  startTime: '11:35:00',
  timeZone: 'Europe/Lisbon',
  endDate: '2026-12-11',
  endTime: '14:25:00',
  endTimeZone: 'Asia/Tokyo',
  location: 'Lisbon (LIS)',
  endLocation: 'Tokyo Narita (NRT)',
};

const dinner = {
  type: 'meal',
  date: '2026-12-11',
  startTime: '19:00:00',
  endTime: '21:30:00',
  timeZone: 'Asia/Tokyo',
  endDate: null,
  endTimeZone: null,
  location: 'Shinjuku',
};

describe('event times', () => {
  it('shows a journey as a boarding pass: each time where it happens, the day it lands and how long it takes', () => {
    const { container } = render(<EventTimeRange event={flight} tripTimeZone="Asia/Tokyo" />);
    expect(container).toHaveTextContent('11:35 AM Lisbon → 2:25 PM +1 Tokyo Narita · 17 h 50 m');
    // Not converted into the trip's zone (Tokyo), where it would read 8:35 PM.
    expect(container).not.toHaveTextContent('8:35 PM');
    const [departs, lands] = container.querySelectorAll('time');
    expect(departs).toHaveAttribute('datetime', '2026-12-10T11:35+00:00');
    expect(lands).toHaveAttribute('datetime', '2026-12-11T14:25+09:00');
  });

  it('names a city from the zone when the event names no place', () => {
    const { container } = render(
      <EventTimeRange event={{ ...flight, location: null, endLocation: null }} tripTimeZone="Asia/Tokyo" />,
    );
    expect(container).toHaveTextContent('11:35 AM Lisbon → 2:25 PM +1 Tokyo · 17 h 50 m');
  });

  it('labels a time with its zone’s short name only where it differs from the trip’s', () => {
    render(
      <ul>
        <li data-testid="lisbon">
          <EventStartTime event={flight} tripTimeZone="Asia/Tokyo" />
        </li>
        <li data-testid="tokyo">
          <EventStartTime event={dinner} tripTimeZone="Asia/Tokyo" />
        </li>
        <li data-testid="arrives">
          <EventEndTime event={flight} tripTimeZone="Europe/Lisbon" />
        </li>
      </ul>,
    );
    expect(screen.getByTestId('lisbon')).toHaveTextContent(/^11:35 AM GMT$/);
    expect(screen.getByTestId('tokyo')).toHaveTextContent(/^7:00 PM$/);
    expect(screen.getByTestId('arrives')).toHaveTextContent(/^2:25 PM \+1 GMT\+9$/);
    expect(screen.getByTitle('Europe/Lisbon time')).toHaveTextContent('GMT');
  });

  it('shows an ordinary event from start to end, and "--:--" without a time', () => {
    const { container, rerender } = render(<EventTimeRange event={dinner} tripTimeZone="Asia/Tokyo" />);
    expect(container).toHaveTextContent(/^7:00 PM – 9:30 PM$/);
    rerender(<EventTimeRange event={{ ...dinner, startTime: null, endTime: null }} tripTimeZone="Asia/Tokyo" />);
    expect(container).toHaveTextContent(/^--:--$/);
  });

  it('a flight over the date line lands the day before: -1', () => {
    const hop = {
      ...flight,
      date: '2026-12-12',
      startTime: '01:00:00',
      timeZone: 'Asia/Tokyo',
      endDate: '2026-12-11',
      endTime: '13:30:00',
      endTimeZone: 'Pacific/Honolulu',
      location: 'Tokyo Haneda (HND)',
      endLocation: 'Honolulu (HNL)',
    };
    const { container } = render(<EventTimeRange event={hop} tripTimeZone="Asia/Tokyo" />);
    expect(container).toHaveTextContent('1:00 AM Tokyo Haneda → 1:30 PM -1 Honolulu · 7 h 30 m');
  });
});
