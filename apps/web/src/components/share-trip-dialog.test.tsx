import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '@naav/ui/toast';
import { server } from '../test/msw-server';
import { renderWithApi } from '../test/render';
import { type InputOf, type OutputOf, trpcError, trpcMutation, trpcPending, trpcQuery } from '../test/trpc-handlers';
import { linkShowsSummary, ShareTripDialog } from './share-trip-dialog';

configure({ asyncUtilTimeout: 5000 });

const off: OutputOf<'trips.sharing'> = {
  sharePath: null,
  calendarPath: null,
  linkShows: { bookingReferences: false, travellerNames: false, prices: false },
};

function renderDialog(onClose = () => {}) {
  return renderWithApi(
    <ToastProvider>
      <ShareTripDialog open tripId="trip-1" title="Share this trip" onClose={onClose} />
    </ToastProvider>,
  );
}

describe('ShareTripDialog, the public link', { timeout: 20_000 }, () => {
  it('keeps its Done button in the footer while the link loads and after it failed to load', async () => {
    server.use(trpcPending('trips.sharing'));
    let closed = 0;
    const { unmount } = renderDialog(() => closed++);
    expect(await screen.findByText('Loading share link...')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(closed).toBe(1);
    unmount();
    server.use(trpcError('trips.sharing', 'INTERNAL_SERVER_ERROR'));
    renderDialog(() => closed++);
    expect(await screen.findByText('The share link could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(closed).toBe(2);
  });

  it('starts with booking references, names and prices hidden, and says exactly what the link shows', async () => {
    server.use(trpcQuery('trips.sharing', off));
    renderDialog();
    for (const name of ['Show booking references', 'Show traveller names', 'Show prices']) {
      expect(await screen.findByRole('checkbox', { name: new RegExp(name) })).not.toBeChecked();
    }
    expect(
      screen.getByText(
        "The link shows the trip's title, dates, places, description and day-by-day itinerary. It never shows notes, phone numbers, the budget, expenses, booking references, traveller names and prices.",
      ),
    ).toBeInTheDocument();
  });

  it('creates the link with the choices ticked, then saves each change at once', async () => {
    const sent: InputOf<'trips.share'>[] = [];
    let current = off;
    server.use(
      trpcQuery('trips.sharing', off),
      trpcMutation('trips.share', (input) => {
        sent.push(input);
        const { id: _id, ...choices } = input;
        current = {
          ...current,
          sharePath: '/share/abcdefghijklmnopqrstuvwxyz',
          linkShows: { ...current.linkShows, ...choices },
        };
        return current;
      }),
    );
    renderDialog();
    await userEvent.click(await screen.findByRole('checkbox', { name: /Show prices/ }));
    expect(screen.getByText(/with prices\. It never shows/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('textbox', { name: 'Share link' })).toHaveValue(
      'http://localhost:3000/share/abcdefghijklmnopqrstuvwxyz',
    );
    expect(sent).toEqual([{ id: 'trip-1', bookingReferences: false, travellerNames: false, prices: true }]);

    await userEvent.click(screen.getByRole('checkbox', { name: /Show traveller names/ }));
    expect(await screen.findByText(/with traveller names and prices\./)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ id: 'trip-1', travellerNames: true });
    expect(screen.getByRole('checkbox', { name: /Show traveller names/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Show booking references/ })).not.toBeChecked();
  });
});

describe('linkShowsSummary', () => {
  it('lists what is shown and what never is', () => {
    expect(linkShowsSummary({ bookingReferences: true, travellerNames: true, prices: true })).toBe(
      "The link shows the trip's title, dates, places, description and day-by-day itinerary, with booking references, traveller names and prices. It never shows notes, phone numbers, the budget and expenses.",
    );
  });
});
