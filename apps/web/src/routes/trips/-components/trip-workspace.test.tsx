import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { Trip } from '~/lib/api-types';
import { aTrip } from '~/test/fixtures';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation, trpcQuery } from '~/test/trpc-handlers';
import { TripDetailPage } from './trip-detail-page';

configure({ asyncUtilTimeout: 5000 });

// The trip page is where a trip is planned: its details and companions are changed here by
// whoever may change the trip; a trip that has ended keeps those controls behind Edit.

function withTrip(trip: Trip, access: 'owner' | 'edit' | 'view' = 'owner') {
  server.use(
    trpcQuery('trips.dayPlan', { trip: { ...trip, access }, events: [] }),
    trpcQuery('trips.companions', [{ id: 'c-1', name: 'Jamie Morgan', relationship: 'Spouse', imageUrl: null }]),
    trpcQuery('trips.saved', []),
    trpcQuery('todos.list', []),
    trpcQuery('packing.list', []),
  );
}

const render = () =>
  renderWithApi(
    <ToastProvider>
      <TripDetailPage tripId="trip-1" tab="itinerary" onTabChange={() => {}} />
    </ToastProvider>,
  );

describe('the trip page as a planning workspace', { timeout: 20_000 }, () => {
  it("offers Edit Trip Details on an upcoming trip, with the trip's values, and saves the change", async () => {
    const sent: unknown[] = [];
    withTrip(
      aTrip({ status: 'upcoming', startDate: '2027-04-01', endDate: '2027-04-05', description: 'Cherry blossoms' }),
    );
    server.use(
      trpcMutation('trips.update', (input) => {
        sent.push(input);
        return aTrip({ status: 'upcoming', title: String(input.title) });
      }),
    );
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit Trip Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Trip Details' });
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Cherry blossoms');
    const title = within(dialog).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Tokyo, slowly');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Trip details saved')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ id: 'trip-1', title: 'Tokyo, slowly', description: 'Cherry blossoms' }),
    ]);
  });

  it('lets an edit member add, edit and remove companions here', async () => {
    withTrip(aTrip({ status: 'upcoming' }), 'edit');
    render();
    expect(await screen.findByRole('button', { name: 'Edit Jamie Morgan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Jamie Morgan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a companion' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Trip Details' })).toBeInTheDocument();
  });

  it('shows a view member no edit controls at all', async () => {
    withTrip(aTrip({ status: 'upcoming' }), 'view');
    render();
    expect(await screen.findByText('Shared with you · View Only')).toBeInTheDocument();
    expect(await screen.findByText('Jamie Morgan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a companion' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Jamie Morgan' })).toBeNull();
  });

  it('keeps an ended trip as it was until Edit, then offers the corrections', async () => {
    withTrip(aTrip({ status: 'past', startDate: '2024-04-01', endDate: '2024-04-05' }));
    const user = userEvent.setup();
    render();
    const edit = await screen.findByRole('button', { name: 'Edit this trip' });
    expect(await screen.findByText('Jamie Morgan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Trip Details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Jamie Morgan' })).toBeNull();
    await user.click(edit);
    expect(await screen.findByRole('button', { name: 'Edit Trip Details' })).toBeInTheDocument();
    expect(screen.getByText(/This trip has ended/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Jamie Morgan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit Trip Details' })).toBeNull());
  });
});
