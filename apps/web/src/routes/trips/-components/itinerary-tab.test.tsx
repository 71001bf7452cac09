import { ToastProvider } from '@naav/ui/toast';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TripEvent } from '~/lib/api-types';
import { useQueuedWrite } from '~/lib/use-queued-writes';
import { aTrip, anEvent } from '~/test/fixtures';
import { server } from '~/test/msw-server';
import { renderWithApi } from '~/test/render';
import { trpcMutation, trpcPending, trpcQuery } from '~/test/trpc-handlers';
import { ItineraryTab } from './itinerary-tab';

const trip = aTrip({ id: 'trip-1', title: 'Porto', startDate: '2027-10-01', endDate: '2027-10-05' });
const stored: TripEvent = anEvent({ title: 'Walking tour', date: '2027-10-02', startTime: '10:00:00' });

/** What the quick add does: an event added through the queued writes. */
function AddEvent() {
  const add = useQueuedWrite('events.create');
  return (
    <button
      type="button"
      onClick={() =>
        add.mutate({
          id: 'trip-1',
          title: 'Port cellar tour',
          type: 'activity',
          date: '2027-10-02',
          startTime: '09:00',
        })
      }
    >
      Add the tour
    </button>
  );
}

describe('Itinerary tab', () => {
  afterEach(() => act(() => onlineManager.setOnline(true)));

  it('says so while the events load', async () => {
    server.use(trpcPending('trips.dayPlan'));
    renderWithApi(
      <ToastProvider>
        <ItineraryTab trip={trip} canEdit />
      </ToastProvider>,
    );
    expect(await screen.findByText('Loading events...')).toBeInTheDocument();
  });

  it('shows an event added offline on its day at once, marked Waiting to sync, without Edit or Delete', async () => {
    let sent = 0;
    server.use(
      trpcQuery('trips.dayPlan', { trip, events: [stored] }),
      trpcMutation('events.create', () => {
        sent++;
        throw new Error('events.create: nothing is sent while offline');
      }),
    );
    renderWithApi(
      <ToastProvider>
        <AddEvent />
        <ItineraryTab trip={trip} canEdit />
      </ToastProvider>,
    );
    expect(await screen.findByText('Walking tour')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add the tour' }));

    const day = screen.getByRole('region', { name: 'Saturday, October 2, 2027' });
    const rows = await within(day).findAllByRole('listitem');
    // Sorted into its day by time: 09:00 before 10:00.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Port cellar tour'),
      expect.stringContaining('Walking tour'),
    ]);
    expect(within(rows[0]!).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'Edit Port cellar tour' })).toBeNull();
    expect(within(rows[1]!).queryByText('Waiting to sync')).toBeNull();
    expect(within(rows[0]!).queryByRole('button', { name: 'Delete Port cellar tour' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Edit Walking tour' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Walking tour' })).toBeInTheDocument();
    expect(sent).toBe(0);
    // Unmounted before the network returns, so the waiting event is not sent to a handler that is gone.
    cleanup();
  });

  it('shows an event edited offline with its new values, marked Waiting to sync; Cancel takes the edit back and nothing is sent', async () => {
    let sent = 0;
    server.use(
      trpcQuery('trips.dayPlan', { trip, events: [stored] }),
      trpcMutation('events.update', () => {
        sent++;
        return stored;
      }),
    );
    renderWithApi(
      <ToastProvider>
        <ItineraryTab trip={trip} canEdit />
      </ToastProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Walking tour')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));

    await user.click(screen.getByRole('button', { name: 'Edit Walking tour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Night walking tour');
    await user.clear(within(dialog).getByLabelText(/^Start time/));
    await user.type(within(dialog).getByLabelText(/^Start time/), '21:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Event' }));
    // Saved on the device at once: no spinner waiting for a network that is not there.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Event' })).toBeNull());

    // The event's own row (the innermost list item holding it).
    const row = screen
      .getAllByRole('listitem')
      .filter((item) => item.textContent?.includes('Night walking tour'))
      .at(-1)!;
    expect(row).toHaveTextContent('Night walking tour');
    expect(within(row).getByText('Waiting to sync')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit Night walking tour' })).toBeInTheDocument();
    expect(screen.queryByText('Walking tour')).toBeNull();
    expect(sent).toBe(0);

    await user.click(within(row).getByRole('button', { name: 'Cancel the changes to Night walking tour' }));
    expect(await screen.findByText('Walking tour')).toBeInTheDocument();
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    expect(screen.queryByText('Night walking tour')).toBeNull();

    // Back online: the edit Cancel took back is never sent.
    act(() => onlineManager.setOnline(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toBe(0);
    cleanup();
  });
});
