import { http, HttpResponse } from 'msw';
import superjson from 'superjson';
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/msw-server';
import { testApiUrl } from '../test/trpc-handlers';
import { createApiClient, createOptionsProxy, createQueryClient, maxBatchCalls } from './trpc';

describe('the batching client', () => {
  it(`never sends more than ${maxBatchCalls} calls in one request, however many a screen makes at once`, async () => {
    const batchSizes: number[] = [];
    server.use(
      http.get(`${testApiUrl}/:paths`, ({ params }) => {
        const paths = String(params['paths']).split(',');
        batchSizes.push(paths.length);
        return HttpResponse.json(
          paths.map(() => ({
            result: { data: superjson.serialize({ diets: [], allergies: null, notes: null, updatedAt: null }) },
          })),
        );
      }),
    );
    const client = createApiClient({ url: testApiUrl });
    // The agent's client list asks for each client's food preferences at once.
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) => client.interests.clientFoodPreferences.query({ id: `client-${i}` })),
    );
    expect(answers).toHaveLength(45);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(maxBatchCalls);
    expect(batchSizes.reduce((a, b) => a + b, 0)).toBe(45);
  });
});

describe('a call with an idempotency key', () => {
  it('goes alone with the Idempotency-Key header, while other calls stay batched without one', async () => {
    const seen: { path: string; batched: boolean; key: string | null }[] = [];
    const answer = {
      id: 'message-1',
      userId: 'user-1',
      message: 'Hello',
      sender: 'user',
      timestamp: '2026-03-10T12:00:00.000Z',
    };
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

describe('a read refreshed as the network drops', () => {
  afterEach(() => onlineManager.setOnline(true));

  const answer = (body: unknown) => HttpResponse.json({ result: { data: superjson.serialize(body) } });
  const groups = (name: string) => [{ id: 'group-1', name }];

  /** A query of family groups that loaded once, watched as a screen would. */
  async function loadedGroups() {
    const queryClient = createQueryClient();
    // As the app's provider does: the client follows the network's comings and goings.
    queryClient.mount();
    const trpc = createOptionsProxy(createApiClient({ url: testApiUrl, batch: false }), queryClient);
    const options = trpc.family.groups.queryOptions();
    server.use(http.get(`${testApiUrl}/family.groups`, () => answer(groups('Before'))));
    const observer = new QueryObserver(queryClient, options);
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
    return { queryClient, observer, unsubscribe, queryKey: options.queryKey };
  }

  it('keeps what it showed and waits for the network instead of failing, then finishes when it returns', async () => {
    const { queryClient, observer, unsubscribe, queryKey } = await loadedGroups();
    let calls = 0;
    server.use(
      http.get(`${testApiUrl}/family.groups`, () => {
        calls += 1;
        // The first refresh loses its answer to the dropped network; the one after the return gets one.
        if (calls === 1) {
          onlineManager.setOnline(false);
          return HttpResponse.error();
        }
        return answer(groups('After'));
      }),
    );
    void queryClient.invalidateQueries({ queryKey });
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'), { timeout: 3000 });
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: groups('Before') });
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(groups('After')));
    expect(observer.getCurrentResult().status).toBe('success');
    expect(calls).toBe(2);
    unsubscribe();
  });

  it('does not ask again when the server answered with an error', async () => {
    const { queryClient, observer, unsubscribe, queryKey } = await loadedGroups();
    let calls = 0;
    server.use(
      http.get(`${testApiUrl}/family.groups`, () => {
        calls += 1;
        return HttpResponse.json(
          {
            error: superjson.serialize({
              message: 'Boom',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            }),
          },
          { status: 500 },
        );
      }),
    );
    await queryClient.invalidateQueries({ queryKey }).catch(() => {});
    expect(observer.getCurrentResult().status).toBe('error');
    expect(calls).toBe(1);
    unsubscribe();
  });
});
