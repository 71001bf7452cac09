import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterOutputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcError, trpcPending, trpcQuery } from '~/test/trpc-handlers';
import { SharedTripPage } from './shared-trip-page';

const shared: RouterOutputs['shared']['trip'] = {
  trip: {
    id: 'trip-1',
    title: 'Lisbon & the Algarve',
    destination: 'Portugal',
    location: 'Lisbon, Portugal',
    startDate: '2025-06-13',
    endDate: '2025-06-19',
    timeZone: 'Europe/Lisbon',
    imageUrl: '/images/lisbon.svg',
    description: 'Tiled streets and custard tarts.',
    accommodation: 'Memmo Alfama Hotel',
    transportation: 'TAP Air Portugal TP 202',
  },
  events: [
    {
      id: 'e1',
      tripId: 'trip-1',
      title: 'Tram 28 to Belém',
      description: null,
      location: 'Martim Moniz stop',
      date: '2025-06-15',
      startTime: '13:15:00',
      endTime: null,
      timeZone: 'Europe/Lisbon',
      endDate: null,
      endTimeZone: null,
      endLocation: null,
      confirmationNumber: null,
      type: 'transportation',
      status: 'delayed',
    },
  ],
  linkShows: { bookingReferences: false, travellerNames: false, prices: false },
};

const token = 'abcdefghijklmnopqrstuvwxyz';

describe('shared trip page', () => {
  it('shows the trip and its itinerary by day, read-only', async () => {
    server.use(trpcQuery('shared.trip', shared));
    renderWithApi(<SharedTripPage token={token} />);
    expect(await screen.findByRole('heading', { name: 'Lisbon & the Algarve', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(screen.getByText('Memmo Alfama Hotel')).toBeInTheDocument();
    expect(screen.getByText('TAP Air Portugal TP 202')).toBeInTheDocument();
    const day = screen.getByRole('region', { name: 'Sunday, June 15, 2025' });
    expect(within(day).getByRole('listitem')).toHaveTextContent(/1:15 PM.*Tram 28 to Belém.*Delayed/);
    expect(screen.getByText('The owner keeps booking references, traveller names and prices private on this link.')).toBeInTheDocument();
    // Nothing on the page changes the trip.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says the link is no longer active for a revoked or unknown token', async () => {
    server.use(trpcError('shared.trip', 'NOT_FOUND'));
    renderWithApi(<SharedTripPage token={token} />);
    expect(await screen.findByRole('heading', { name: 'This link is no longer active', level: 1 })).toBeInTheDocument();
  });

  it('says it is loading', async () => {
    server.use(trpcPending('shared.trip'));
    renderWithApi(<SharedTripPage token={token} />);
    expect(await screen.findByText('Loading trip details...')).toBeInTheDocument();
  });
});
