import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import type { RouterOutputs } from '~/lib/api-types';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcQuery } from '~/test/trpc-handlers';
import { UpcomingTab } from './upcoming-tab';

type TripRequest = RouterOutputs['tripRequests']['list'][number];
const request = (fields: Partial<TripRequest>): TripRequest => ({
  id: 'req-1',
  destination: 'Madeira',
  startDate: '2027-01-04',
  endDate: '2027-01-11',
  budget: 5000,
  travelStyle: 'luxury',
  activities: [],
  customExperiences: [],
  notes: null,
  adults: 2,
  children: 0,
  rooms: 1,
  timeZone: 'Atlantic/Madeira',
  status: 'requested',
  proposalId: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...fields,
});

describe('trip requests on Upcoming', { timeout: 20_000 }, () => {
  it('"Proposal sent" opens the proposal that answered the request; a request still waiting links nowhere', async () => {
    server.use(
      trpcQuery('trips.list', []),
      trpcQuery('tripRequests.list', [
        request({ id: 'req-2', destination: 'Madeira', status: 'proposal_sent', proposalId: 'proposal-9' }),
        request({ id: 'req-1', destination: 'Azores' }),
      ]),
    );
    renderWithApi(
      <ToastProvider>
        <UpcomingTab />
      </ToastProvider>,
    );
    const sent = await screen.findByRole('link', { name: 'Proposal sent: open the proposal for Madeira' });
    expect(sent).toHaveAttribute('href', '/travel-planner?tab=proposals&proposal=proposal-9');
    expect(screen.getByText('Requested')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Azores/ })).toBeNull();
  });
});
