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
