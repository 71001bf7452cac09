import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { upgradedCopy } from './offline-cache';

const write = (name: string) => ({
  mutationKey: ['offline-write', name],
  state: { status: 'pending', isPaused: true, variables: { input: {}, idempotencyKey: `key-${name}`, madeAt: 1 } },
});
const query = {
  queryKey: [['trips', 'list'], { type: 'query' }],
  queryHash: 'trips.list',
  state: { data: [], status: 'success' },
};
const savedBy = (buster: string) =>
  ({
    timestamp: 1,
    buster,
    clientState: { queries: [query], mutations: [write('trips.addEvent'), write('expenses.create')] },
  }) as unknown as PersistedClient;

describe('the offline copy of an earlier version', () => {
  it('keeps its queued writes, under their current names, and drops the queries saved by another build', () => {
    const restored = upgradedCopy(savedBy('old-build'), 'new-build');
    expect(restored.buster).toBe('new-build');
    expect(restored.clientState.queries).toEqual([]);
    expect(restored.clientState.mutations.map((mutation) => mutation.mutationKey)).toEqual([
      ['offline-write', 'events.create'],
      ['offline-write', 'expenses.create'],
    ]);
  });

  it('of the same build keeps everything', () => {
    const restored = upgradedCopy(savedBy('same-build'), 'same-build');
    expect(restored.clientState.queries).toEqual([query]);
    expect(restored.clientState.mutations).toHaveLength(2);
  });
});
