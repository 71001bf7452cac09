import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApiClient, createOptionsProxy, createQueryClient, type TrpcOptions } from '../lib/trpc';
import { queriesShowing, type LiveEvent } from './live-topics';

/**
 * A cache as a traveller's and an agent's screens fill it: two trips' detail, itinerary,
 * expenses (one of them an infinite list) and budget, the trip lists, the concierge and
 * proposals. Each case pushes one event and reads which of these became invalidated.
 */
function filledCache(): { queryClient: QueryClient; trpc: TrpcOptions } {
  const queryClient = createQueryClient();
  const trpc = createOptionsProxy(createApiClient({ url: 'http://127.0.0.1:9/trpc' }), queryClient);
  const put = (key: readonly unknown[]) => queryClient.setQueryData(key, {});
  for (const id of ['t-1', 't-2']) {
    put(trpc.trips.byId.queryKey({ id }));
    put(trpc.trips.events.queryKey({ id }));
    put(trpc.trips.dayPlan.queryKey({ id }));
    put(trpc.trips.companions.queryKey({ id }));
    put(trpc.trips.localInfo.queryKey({ id, date: '2026-05-02' }));
    put(trpc.photos.list.queryKey({ id }));
    put(trpc.budget.summary.queryKey({ id }));
    put(trpc.expenses.search.infiniteQueryKey({ id, pageSize: 20 }));
    put(trpc.family.tripAccess.queryKey({ id }));
    put(trpc.packing.list.queryKey({ id }));
    put(trpc.packing.people.queryKey({ id }));
    put(trpc.todos.list.queryKey({ id }));
  }
  put(trpc.trips.list.queryKey());
  put(trpc.trips.current.queryKey());
  put(trpc.tripRequests.list.queryKey());
  put(trpc.family.groups.queryKey());
  put(trpc.family.sharedTrips.queryKey());
  put(trpc.concierge.chat.queryKey());
  put(trpc.concierge.requests.queryKey());
  put(trpc.concierge.inbox.queryKey());
  put(trpc.concierge.thread.queryKey({ userId: 'u-1' }));
  put(trpc.concierge.thread.queryKey({ userId: 'u-2' }));
  put(trpc.concierge.allRequests.queryKey({}));
  put(trpc.proposals.list.queryKey({ filter: 'all' }));
  put(trpc.proposals.byId.queryKey({ id: 'p-1' }));
  put(trpc.proposals.byId.queryKey({ id: 'p-2' }));
  return { queryClient, trpc };
}

/** The keys the event invalidates, as `path(input)` strings, sorted. */
async function invalidatedBy(event: Omit<LiveEvent, 'position'>): Promise<string[]> {
  const { queryClient, trpc } = filledCache();
  // Nothing observes these queries: invalidating marks them without fetching.
  await Promise.all(queriesShowing(trpc, event).map((filter) => queryClient.invalidateQueries(filter)));
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => {
      const [path, meta] = q.queryKey as [string[], { input?: Record<string, unknown>; type?: string } | undefined];
      const input = meta?.input ? Object.values(meta.input).join(',') : '';
      return `${path.join('.')}(${input})${meta?.type === 'infinite' ? '∞' : ''}`;
    })
    .sort();
}

describe('queriesShowing: a pushed change refetches the queries that show it, and no others', () => {
  it("an expense on a trip: that trip's expenses and budget summary", async () => {
    expect(await invalidatedBy({ topic: 'trip:t-1', kind: 'expense', rowId: 'e-1' })).toEqual([
      'budget.summary(t-1)',
      'expenses.search(t-1,20)∞',
    ]);
  });

  it("an event on a trip: that trip's detail and itinerary, and the day plan the trip page reads them from", async () => {
    expect(await invalidatedBy({ topic: 'trip:t-1', kind: 'event', rowId: 'ev-1' })).toEqual([
      'trips.byId(t-1)',
      'trips.dayPlan(t-1)',
      'trips.events(t-1)',
      'trips.localInfo(t-1,2026-05-02)',
    ]);
  });

  it("a photo, a companion, a share: only that trip's photos, companions, access", async () => {
    expect(await invalidatedBy({ topic: 'trip:t-2', kind: 'photo', rowId: 'ph-1' })).toEqual(['photos.list(t-2)']);
    // Companions are among who may bring an item or do a to-do.
    expect(await invalidatedBy({ topic: 'trip:t-2', kind: 'companion', rowId: 'c-1' })).toEqual([
      'packing.people(t-2)',
      'trips.companions(t-2)',
    ]);
    expect(await invalidatedBy({ topic: 'trip:t-2', kind: 'membership', rowId: 't-2' })).toEqual([
      'family.tripAccess(t-2)',
      'trips.byId(t-2)',
      'trips.dayPlan(t-2)',
    ]);
  });

  it("a packing item or a to-do: only that trip's packing list or to-dos; a revoked trip refetches both", async () => {
    expect(await invalidatedBy({ topic: 'trip:t-1', kind: 'packing', rowId: 'p-1' })).toEqual(['packing.list(t-1)']);
    expect(await invalidatedBy({ topic: 'trip:t-1', kind: 'todo', rowId: 'td-1' })).toEqual(['todos.list(t-1)']);
    expect(await invalidatedBy({ topic: 'trip:t-2', kind: 'revoked', rowId: null })).toEqual(
      expect.arrayContaining(['packing.list(t-2)', 'todos.list(t-2)', 'packing.people(t-2)']),
    );
  });

  it("the trip's own details: its detail, itinerary, budget and the current trip; a revoked trip: all of that trip", async () => {
    expect(await invalidatedBy({ topic: 'trip:t-1', kind: 'details', rowId: 't-1' })).toEqual([
      'budget.summary(t-1)',
      'trips.byId(t-1)',
      'trips.current()',
      'trips.dayPlan(t-1)',
      'trips.events(t-1)',
      'trips.localInfo(t-1,2026-05-02)',
    ]);
    const revoked = await invalidatedBy({ topic: 'trip:t-2', kind: 'revoked', rowId: null });
    expect(revoked.filter((key) => key.includes('t-1'))).toEqual([]);
    expect(revoked).toEqual(
      expect.arrayContaining([
        'photos.list(t-2)',
        'trips.companions(t-2)',
        'expenses.search(t-2,20)∞',
        'family.tripAccess(t-2)',
      ]),
    );
  });

  it("the user's list of trips: the trip lists; a request's status: the trip requests; membership: the trip lists, shared trips and groups", async () => {
    expect(await invalidatedBy({ topic: 'trips:u-1', kind: 'updated', rowId: 't-1' })).toEqual([
      'family.sharedTrips()',
      'trips.current()',
      'trips.list()',
    ]);
    expect(await invalidatedBy({ topic: 'trips:u-1', kind: 'request', rowId: 'r-1' })).toEqual(['tripRequests.list()']);
    // A trip shared with one's group joins one's own list of trips (My Trips, Home).
    expect(await invalidatedBy({ topic: 'trips:u-1', kind: 'membership', rowId: 'g-1' })).toEqual([
      'family.groups()',
      'family.sharedTrips()',
      'trips.current()',
      'trips.list()',
    ]);
  });

  it('concierge: a message, a request, a read, each to what shows it', async () => {
    expect(await invalidatedBy({ topic: 'concierge:u-1', kind: 'message', rowId: 'm-1' })).toEqual([
      'concierge.chat()',
    ]);
    expect(await invalidatedBy({ topic: 'concierge:u-1', kind: 'request', rowId: 'q-1' })).toEqual([
      'concierge.requests()',
    ]);
    expect(await invalidatedBy({ topic: 'concierge', kind: 'message', rowId: 'm-1' })).toEqual([
      'concierge.inbox()',
      'concierge.thread(u-1)',
      'concierge.thread(u-2)',
    ]);
    expect(await invalidatedBy({ topic: 'concierge', kind: 'read', rowId: 'u-2' })).toEqual([
      'concierge.inbox()',
      'concierge.thread(u-2)',
    ]);
    expect(await invalidatedBy({ topic: 'concierge', kind: 'request', rowId: 'q-1' })).toEqual([
      'concierge.allRequests()',
    ]);
  });

  it('a proposal: the proposals list and that proposal', async () => {
    expect(await invalidatedBy({ topic: 'proposals:u-1', kind: 'proposal', rowId: 'p-2' })).toEqual([
      'proposals.byId(p-2)',
      'proposals.list(all)',
    ]);
  });

  it('a group: the groups and shared trips', async () => {
    expect(await invalidatedBy({ topic: 'group:g-1', kind: 'membership', rowId: 'g-1' })).toEqual([
      'family.groups()',
      'family.sharedTrips()',
    ]);
  });
});
