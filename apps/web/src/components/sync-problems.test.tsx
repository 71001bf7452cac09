import { ToastProvider } from '@naav/ui/toast';
import { MutationObserver, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { queuedWrite, registerOfflineWrites, writeKey, type QueuedWrite } from '../lib/offline-writes';
import type { ApiClient } from '../lib/trpc';
import { OfflineBanner } from './offline-banner';
import { SyncProblems } from './sync-problems';

const expense = (title: string) => ({
  tripId: 'trip-1',
  title,
  amount: 1000,
  currency: 'EUR' as const,
  categoryId: null,
  date: '2026-11-26',
  isReimbursable: false,
});
const tripGone = () =>
  new TRPCClientError('Trip not found', {
    result: { error: { data: { code: 'NOT_FOUND', httpStatus: 404 } } },
  } as never);

function setUp() {
  const keys: string[] = [];
  let refuse = true;
  const client = {
    expenses: {
      create: {
        mutate: async (input: { title: string }, options: { context: { idempotencyKey: string } }) => {
          keys.push(options.context.idempotencyKey);
          if (refuse) throw tripGone();
          return { id: 'expense-1', title: input.title };
        },
      },
    },
  } as unknown as ApiClient;
  const queryClient = new QueryClient();
  registerOfflineWrites(queryClient, client);
  queryClient.mount();
  const write = (title: string) => {
    const variables = queuedWrite(expense(title));
    void new MutationObserver<unknown, Error, QueuedWrite<unknown>>(queryClient, {
      mutationKey: writeKey('expenses.create'),
    })
      .mutate(variables)
      .catch(() => undefined);
    return variables;
  };
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <OfflineBanner />
        <SyncProblems />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { write, keys, accept: () => (refuse = false) };
}

describe('changes made without a network', () => {
  afterEach(() => act(() => onlineManager.setOnline(true)));

  it('are counted in the offline banner while they wait', async () => {
    const { write } = setUp();
    act(() => onlineManager.setOnline(false));
    act(() => {
      write('Tram tickets');
      write('Lunch');
      write('Cellar tour');
    });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^Offline — .* · 3 changes waiting to sync$/),
    );
  });

  it('that the server refuses are shown with what happened; Retry sends it again with its key, Discard forgets it', async () => {
    const user = userEvent.setup();
    const { write, keys, accept } = setUp();
    act(() => onlineManager.setOnline(false));
    let made: QueuedWrite<unknown> | undefined;
    act(() => {
      made = write('Tram tickets');
      write('Lunch');
    });
    act(() => onlineManager.setOnline(true));

    const problems = await screen.findByRole('region', { name: 'Changes that could not sync' });
    await within(problems).findAllByText(/Could not sync/);
    expect(within(problems).getAllByRole('listitem')).toHaveLength(2);
    expect(problems).toHaveTextContent(
      'New expense “Tram tickets”: It no longer exists, or is no longer shared with you',
    );
    // The toast says so too.
    expect(await screen.findByText('Could not sync: New expense “Tram tickets”')).toBeInTheDocument();

    accept();
    const [tram, lunch] = within(problems).getAllByRole('listitem');
    await user.click(within(tram!).getByRole('button', { name: 'Retry' }));
    await user.click(within(lunch!).getByRole('button', { name: 'Discard' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('region', { name: 'Changes that could not sync' })).not.toBeInTheDocument();
    // Tram: refused once, then stored with the same key; Lunch: refused once and discarded.
    expect(keys.filter((key) => key === made!.idempotencyKey)).toHaveLength(2);
    expect(keys).toHaveLength(3);
  });
});
