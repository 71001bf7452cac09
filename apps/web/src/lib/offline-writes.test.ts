import { dehydrate, hydrate, MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cancelWaitingWrites,
  explainRefusal,
  isTransient,
  isUnresolvedRefusal,
  queuedWrite,
  registerOfflineWrites,
  resumeQueuedWrites,
  retryWrite,
  shouldKeepWrite,
  withCurrentWriteNames,
  writeKey,
  type QueuedWrite,
} from './offline-writes';
import type { ApiClient } from './trpc';

type Call = { title: string; key: string };

/** A stand-in for the tRPC client: `expenses.create` answers with `answer`, recording each call and how many ran at once. */
function fakeClient(answer: (call: Call, index: number) => Promise<unknown>) {
  const calls: Call[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const create = async (input: { title: string }, options: { context: { idempotencyKey: string } }) => {
    const call = { title: input.title, key: options.context.idempotencyKey };
    calls.push(call);
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    try {
      return await answer(call, calls.length - 1);
    } finally {
      running -= 1;
    }
  };
  const client = { expenses: { create: { mutate: create } } } as unknown as ApiClient;
  return { client, calls, mostAtOnce: () => mostAtOnce };
}

const expense = (title: string) => ({
  tripId: 'trip-1',
  title,
  amount: 1000,
  currency: 'EUR' as const,
  categoryId: null,
  date: '2026-11-26',
  isReimbursable: false,
});

function setUp(answer: Parameters<typeof fakeClient>[0]) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const fake = fakeClient(answer);
  registerOfflineWrites(queryClient, fake.client);
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
  return { queryClient, write, ...fake };
}

const notFound = () =>
  new TRPCClientError('Trip not found', {
    result: { error: { data: { code: 'NOT_FOUND', httpStatus: 404 } } },
  } as never);
const lostAnswer = () => TRPCClientError.from(new TypeError('Failed to fetch'));
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('writes made without a network', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('wait while offline, then go one at a time in the order they were made, each with its own key', async () => {
    const { queryClient, write, calls, mostAtOnce } = setUp(async (call) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { id: call.title };
    });
    onlineManager.setOnline(false);
    const made = [write('Tram'), write('Lunch'), write('Cellar')];
    await settle();
    expect(calls).toHaveLength(0);
    expect(
      queryClient
        .getMutationCache()
        .getAll()
        .filter((m) => m.state.isPaused),
    ).toHaveLength(3);

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((call) => call.title)).toEqual(['Tram', 'Lunch', 'Cellar']);
    expect(calls.map((call) => call.key)).toEqual(made.map((variables) => variables.idempotencyKey));
    expect(new Set(calls.map((call) => call.key)).size).toBe(3);
    expect(mostAtOnce()).toBe(1);
  });

  it('send a write whose answer was lost again with the same key, before the next one', async () => {
    const { write, calls } = setUp(async (call, index) => {
      if (index === 0) throw lostAnswer();
      return { id: call.title };
    });
    const first = write('Tram');
    write('Lunch');
    await vi.waitFor(() => expect(calls).toHaveLength(3), { timeout: 5000 });
    expect(calls.map((call) => call.title)).toEqual(['Tram', 'Tram', 'Lunch']);
    expect(calls[0]!.key).toBe(first.idempotencyKey);
    expect(calls[1]!.key).toBe(first.idempotencyKey);
  });

  it('keep a refused write for the traveller to decide, with what happened; the next ones still go', async () => {
    const { queryClient, write, calls } = setUp(async (call) => {
      if (call.title === 'Tram') throw notFound();
      return { id: call.title };
    });
    onlineManager.setOnline(false);
    const refused = write('Tram');
    write('Lunch');
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await settle();
    const [mutation] = queryClient.getMutationCache().findAll({ predicate: isUnresolvedRefusal });
    expect(mutation).toBeDefined();
    expect((mutation!.state.variables as QueuedWrite<unknown>).idempotencyKey).toBe(refused.idempotencyKey);
    expect(explainRefusal(mutation!.state.error)).toMatch(/no longer exists/);
    expect(shouldKeepWrite(mutation!)).toBe(true);

    // Retry: sent again with its key.
    retryWrite(queryClient, mutation!);
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ title: 'Tram', key: refused.idempotencyKey });
  });

  it('survive a reload: restored from the saved copy, they are sent with the keys they were made with', async () => {
    const before = setUp(async () => ({}));
    onlineManager.setOnline(false);
    const made = [before.write('Tram'), before.write('Lunch')];
    await settle();
    const saved = JSON.parse(
      JSON.stringify(dehydrate(before.queryClient, { shouldDehydrateMutation: shouldKeepWrite })),
    );
    expect(saved.mutations).toHaveLength(2);
    // The page closes: that client is gone.
    before.queryClient.unmount();
    before.queryClient.getMutationCache().clear();

    const after = setUp(async (call) => ({ id: call.title }));
    hydrate(after.queryClient, saved);
    void resumeQueuedWrites(after.queryClient);
    await settle();
    expect(after.calls).toHaveLength(0);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(after.calls).toHaveLength(2));
    expect(after.calls).toEqual(
      made.map((variables) => ({ title: variables.input.title, key: variables.idempotencyKey })),
    );
    expect(before.calls).toHaveLength(0);
  });

  it('survive an upgrade that renamed their procedure: a write queued as trips.addEvent or travels.create goes as events.create or journal.create, with its key', async () => {
    const sent: { procedure: string; title: string; key: string }[] = [];
    const recorder =
      (procedure: string) => async (input: { title: string }, options: { context: { idempotencyKey: string } }) => {
        sent.push({ procedure, title: input.title, key: options.context.idempotencyKey });
        return {};
      };
    const client = {
      events: { create: { mutate: recorder('events.create') } },
      journal: { create: { mutate: recorder('journal.create') } },
    } as unknown as ApiClient;
    // The offline copy as the previous version saved it: paused writes under the old names.
    const pausedWrite = (name: string, input: unknown, idempotencyKey: string) => ({
      mutationKey: ['offline-write', name],
      scope: { id: 'offline-writes' },
      state: {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: 'pending',
        variables: { input, idempotencyKey, madeAt: 1 },
        submittedAt: 1,
      },
    });
    const saved = {
      queries: [],
      mutations: [
        pausedWrite(
          'trips.addEvent',
          { id: 'trip-1', title: 'Fado night', type: 'activity', date: '2026-11-26' },
          'key-event',
        ),
        pausedWrite(
          'travels.create',
          { title: 'Weekend in Porto', location: 'Porto', startDate: '2026-10-01', endDate: '2026-10-03' },
          'key-journal',
        ),
      ],
    };

    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    registerOfflineWrites(queryClient, client);
    queryClient.mount();
    onlineManager.setOnline(false);
    hydrate(queryClient, withCurrentWriteNames(JSON.parse(JSON.stringify(saved))));
    expect(
      queryClient
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.options.mutationKey),
    ).toEqual([writeKey('events.create'), writeKey('journal.create')]);
    void resumeQueuedWrites(queryClient);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { procedure: 'events.create', title: 'Fado night', key: 'key-event' },
      { procedure: 'journal.create', title: 'Weekend in Porto', key: 'key-journal' },
    ]);
    queryClient.unmount();
  });

  it('take back a waiting change on Cancel: it is never sent, and the ones after it still go in order', async () => {
    const { queryClient, write, calls } = setUp(async (call) => ({ id: call.title }));
    onlineManager.setOnline(false);
    const [tram] = [write('Tram'), write('Lunch'), write('Cellar')];
    await settle();
    expect(cancelWaitingWrites(queryClient, [tram!.idempotencyKey])).toBe(1);
    expect(
      queryClient
        .getMutationCache()
        .getAll()
        .filter((m) => m.state.isPaused),
    ).toHaveLength(2);
    // Nothing of it is kept on the device either.
    expect(dehydrate(queryClient, { shouldDehydrateMutation: shouldKeepWrite }).mutations).toHaveLength(2);

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await settle();
    expect(calls.map((call) => call.title)).toEqual(['Lunch', 'Cellar']);
    // A change already sent is not waiting any more: nothing to take back.
    expect(cancelWaitingWrites(queryClient, [tram!.idempotencyKey])).toBe(0);
  });

  it('tell a lost connection from an answer about the write', () => {
    expect(isTransient(lostAnswer())).toBe(true);
    expect(
      isTransient(new TRPCClientError('Bad gateway', { result: { error: { data: { httpStatus: 502 } } } } as never)),
    ).toBe(true);
    expect(isTransient(notFound())).toBe(false);
    expect(
      isTransient(
        new TRPCClientError('Proposal already decided', { result: { error: { data: { httpStatus: 409 } } } } as never),
      ),
    ).toBe(false);
    expect(
      explainRefusal(new TRPCClientError('Forbidden', { result: { error: { data: { httpStatus: 403 } } } } as never)),
    ).toMatch(/permission was withdrawn/);
  });
});
