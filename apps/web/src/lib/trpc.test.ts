import { http, HttpResponse } from 'msw';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { testApiUrl } from '../test/trpc-handlers';
import { createApiClient, maxBatchCalls } from './trpc';

describe('the batching client', () => {
  it(`never sends more than ${maxBatchCalls} calls in one request, however many a screen makes at once`, async () => {
    const batchSizes: number[] = [];
    server.use(
      http.get(`${testApiUrl}/:paths`, ({ params }) => {
        const paths = String(params['paths']).split(',');
        batchSizes.push(paths.length);
        return HttpResponse.json(paths.map(() => ({ result: { data: superjson.serialize({ diets: [], allergies: null, notes: null, updatedAt: null }) } })));
      }),
    );
    const client = createApiClient({ url: testApiUrl });
    // The agent's client list asks for each client's food preferences at once.
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => client.interests.clientFoodPreferences.query({ id: `client-${i}` })));
    expect(answers).toHaveLength(45);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(maxBatchCalls);
    expect(batchSizes.reduce((a, b) => a + b, 0)).toBe(45);
  });
});

describe('a call with an idempotency key', () => {
  it('goes alone with the Idempotency-Key header, while other calls stay batched without one', async () => {
    const seen: { path: string; batched: boolean; key: string | null }[] = [];
    const answer = { id: 'message-1', userId: 'user-1', message: 'Hello', sender: 'user', timestamp: '2026-03-10T12:00:00.000Z' };
    server.use(
      http.post(`${testApiUrl}/:paths`, ({ request, params }) => {
        const batched = new URL(request.url).searchParams.has('batch');
        const paths = String(params['paths']).split(',');
        for (const path of paths) seen.push({ path, batched, key: request.headers.get('Idempotency-Key') });
        const data = { result: { data: superjson.serialize(answer) } };
        return HttpResponse.json(batched ? paths.map(() => data) : data);
      }),
    );
    const client = createApiClient({ url: testApiUrl });
    await Promise.all([
      client.concierge.send.mutate({ message: 'Hello' }, { context: { idempotencyKey: 'queued-1' } }),
      client.concierge.send.mutate({ message: 'Hello' }),
      client.concierge.send.mutate({ message: 'Hello' }),
    ]);
    expect(seen).toContainEqual({ path: 'concierge.send', batched: false, key: 'queued-1' });
    expect(seen.filter((s) => s.batched)).toEqual([
      { path: 'concierge.send', batched: true, key: null },
      { path: 'concierge.send', batched: true, key: null },
    ]);
  });
});
