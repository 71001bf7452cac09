import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { addDaysIso, todayIn } from '@naav/schemas/dates';
import type { RouterOutputs, Trip, TripEvent } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcQuery } from '~/test/trpc-handlers';
import { CurrentTripTab } from './current-trip-tab';
import { aTrip, anEvent } from '~/test/fixtures';

// Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart: whatever the hour, Pago Pago's
// today is an earlier date than Kiritimati's.
const tripZone = 'Pacific/Kiritimati';
const eventZone = 'Pacific/Pago_Pago';
const tripToday = todayIn(tripZone);
const eventToday = todayIn(eventZone);

const trip: Trip = aTrip({
  title: 'Across the date line',
  destination: 'Pacific',
  location: 'Kiritimati, Kiribati',
  startDate: addDaysIso(eventToday, -1),
  endDate: addDaysIso(tripToday, 2),
  timeZone: tripZone,
  baseCurrency: 'USD',
});

const event = (id: string, title: string, date: string, startTime: string, timeZone: string): TripEvent => anEvent({ id, title, date, startTime, timeZone });

const localInfo: RouterOutputs['trips']['localInfo'] = {
  emergencyNumber: '112',
  currency: { code: 'AUD', name: 'Australian Dollar', symbol: '$' },
  timeZone: tripZone,
  utcOffset: 'UTC+14:00',
  coordinates: { latitude: 1.87, longitude: -157.4 },
  typicalWeather: null,
};

configure({ asyncUtilTimeout: 5000 });
describe("My Trips' schedule for today", { timeout: 20_000 }, () => {
  it('holds what is today where it happens: an event still on its own zone’s today though the trip’s clocks have moved on', async () => {
    server.use(
      trpcQuery('trips.current', trip),
      trpcQuery('trips.events', [
        event('here', 'Lagoon snorkelling', tripToday, '15:00:00', tripZone),
        event('there', 'Call from Pago Pago', eventToday, '09:00:00', eventZone),
        event('yesterday', 'Yesterday on the island', addDaysIso(tripToday, -1), '10:00:00', tripZone),
      ]),
      trpcQuery('trips.companions', []),
      trpcQuery('trips.localInfo', localInfo),
    );
    renderWithApi(
      <ToastProvider>
        <CurrentTripTab />
      </ToastProvider>,
    );
    const schedule = await screen.findByRole('region', { name: "Today's Schedule" });
    expect(await within(schedule).findByText('Lagoon snorkelling')).toBeInTheDocument();
    expect(within(schedule).getByText('Call from Pago Pago')).toBeInTheDocument();
    expect(within(schedule).queryByText('Yesterday on the island')).not.toBeInTheDocument();
    // Its own time, in its own zone, labelled.
    expect(within(schedule).getByText('Call from Pago Pago').closest('li')).toHaveTextContent('9:00 AM GMT-11');
  });
});
