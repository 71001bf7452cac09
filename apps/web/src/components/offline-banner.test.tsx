import { MutationObserver, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { NeedsConnection, useNeedsConnection } from './needs-connection';
import { formatSavedAt, OfflineBanner } from './offline-banner';
import { queuedWrite, registerOfflineWrites, writeKey, type QueuedWrite } from '../lib/offline-writes';
import type { ApiClient } from '../lib/trpc';

function renderWith(ui: ReactNode, queryClient = new QueryClient()) {
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
}

/** A time of today (or of a day `dayOffset` days away), in the local clock: the banner compares it with the real now. */
const at = (hours: number, minutes: number, dayOffset = 0) => {
  const date = new Date();
  date.setDate(date.getDate() + dayOffset);
  date.setHours(hours, minutes, 0, 0);
  return date.getTime();
};
const clock = (time: number) => new Date(time).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

function UploadButton() {
  const offline = useNeedsConnection();
  return (
    <>
      <button type="button" disabled={offline}>
        Upload photos
      </button>
      <NeedsConnection action="Uploading photos" />
    </>
  );
}

describe('without a network', () => {
  afterEach(() => act(() => onlineManager.setOnline(true)));

  it('says nothing while online', () => {
    renderWith(<OfflineBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says politely that it is offline and when the newest saved data arrived, in the local clock', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData([['trips', 'list'], { type: 'query' }], ['Lisbon'], { updatedAt: at(9, 30) });
    queryClient.setQueryData([['concierge', 'chat'], { type: 'query' }], ['Welcome'], { updatedAt: at(14, 2) });
    // What the device notes for itself (the last trip the budget tracker showed) is no saved server data.
    queryClient.setQueryData(['device', 'budget-trip'], 'trip-1', { updatedAt: at(15, 40) });
    renderWith(<OfflineBanner />, queryClient);
    act(() => onlineManager.setOnline(false));
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(`Offline — showing what was saved at ${clock(at(14, 2))}`);
    expect(banner).not.toHaveAttribute('aria-live', 'assertive');

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('counts the changes waiting to sync on the same line, one or several', async () => {
    const queryClient = new QueryClient();
    registerOfflineWrites(queryClient, {} as ApiClient);
    queryClient.setQueryData([['trips', 'list'], { type: 'query' }], ['Lisbon'], { updatedAt: at(13, 16) });
    renderWith(<OfflineBanner />, queryClient);
    act(() => onlineManager.setOnline(false));
    const write = (title: string) =>
      void new MutationObserver<unknown, Error, QueuedWrite<unknown>>(queryClient, {
        mutationKey: writeKey('expenses.create'),
      })
        .mutate(queuedWrite<unknown>({ title }))
        .catch(() => undefined);
    act(() => write('Tram'));
    const banner = screen.getByRole('status');
    await waitFor(() =>
      expect(banner).toHaveTextContent(
        `Offline — showing what was saved at ${clock(at(13, 16))} · 1 change waiting to sync`,
        { normalizeWhitespace: false },
      ),
    );
    act(() => write('Lunch'));
    await waitFor(() =>
      expect(banner).toHaveTextContent(
        `Offline — showing what was saved at ${clock(at(13, 16))} · 2 changes waiting to sync`,
        { normalizeWhitespace: false },
      ),
    );
    queryClient.getMutationCache().clear();
  });

  it('says when nothing was saved yet', () => {
    renderWith(<OfflineBanner />);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('Offline — nothing was saved on this device yet');
  });

  it('names the day as well when the saved data is older than today', () => {
    const now = new Date(at(8, 0));
    expect(formatSavedAt(at(14, 2), new Date(at(20, 0)))).toBe(clock(at(14, 2)));
    expect(formatSavedAt(at(14, 2, -2), now)).toBe(
      `${new Date(at(14, 2, -2)).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${clock(at(14, 2, -2))}`,
    );
  });

  it('disables an action that needs the server and says why, and enables it again online', () => {
    renderWith(<UploadButton />);
    expect(screen.getByRole('button', { name: 'Upload photos' })).toBeEnabled();
    expect(screen.queryByText(/needs a connection/)).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('button', { name: 'Upload photos' })).toBeDisabled();
    expect(screen.getByText('Uploading photos needs a connection.')).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('button', { name: 'Upload photos' })).toBeEnabled();
  });
});
