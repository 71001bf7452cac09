import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TripEvent } from '~/lib/api-types';
import { renderWithApi } from '~/test/render';
import { ItineraryDays } from './itinerary-days';
import { anEvent } from '~/test/fixtures';

const event = (over: Partial<TripEvent>): TripEvent => anEvent({ id: 'e', tripId: 'trip-tokyo', date: '2026-12-10', timeZone: 'Asia/Tokyo', ...over });

describe('itinerary times', () => {
  it('shows each time in its own zone: the Lisbon flight as a boarding pass, Tokyo’s dinner without a label', async () => {
    renderWithApi(
      <ItineraryDays
        tripStart="2026-12-10"
        timeZone="Asia/Tokyo"
        events={[
          event({
            id: 'flight',
            title: 'TP flight to Tokyo',
            type: 'transportation',
            startTime: '11:35:00',
            timeZone: 'Europe/Lisbon',
            endDate: '2026-12-11',
            endTime: '14:25:00',
            endTimeZone: 'Asia/Tokyo',
            location: 'Lisbon (LIS)',
            endLocation: 'Tokyo Narita (NRT)',
          }),
          event({ id: 'dinner', title: 'Sushi dinner', type: 'meal', date: '2026-12-11', startTime: '19:00:00', endTime: '21:00:00' }),
        ]}
      />,
    );
    const first = within(await screen.findByRole('region', { name: 'Thursday, December 10, 2026' })).getByRole('listitem');
    expect(first).toHaveTextContent(/^11:35 AM GMT(?!\+)/);
    expect(first).toHaveTextContent('11:35 AM Lisbon → 2:25 PM +1 Tokyo Narita · 17 h 50 m');
    expect(first).toHaveTextContent('Lisbon (LIS) → Tokyo Narita (NRT)');
    // Never converted into the trip's zone.
    expect(first).not.toHaveTextContent('8:35 PM');
    const second = within(screen.getByRole('region', { name: 'Friday, December 11, 2026' })).getByRole('listitem');
    expect(second).toHaveTextContent(/^7:00 PM/);
    expect(second).toHaveTextContent('Until 9:00 PM');
    expect(second).not.toHaveTextContent('GMT');
  });
});
