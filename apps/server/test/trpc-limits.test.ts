import { beforeAll, describe, expect, it } from 'vitest';
import { maxBatchCalls, maxTrpcBodyBytes } from '../src/trpc-limits';
import { createTestServer, type TestServer } from './harness';
import { json } from './http';

interface TrpcErrorBody {
  error: { json: { message: string; data: { code: string; httpStatus: number } } };
}

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await createTestServer();
  cookie = await server.signIn('traveller@naav.example');
  // Sign-ins hash passwords (scrypt): slow on a busy machine.
}, 60_000);

const batch = (calls: number, procedure = 'system.demo') =>
  server.request(`/trpc/${Array(calls).fill(procedure).join(',')}?batch=1`, { headers: { cookie } });

describe('tRPC batches', () => {
  it('answer up to the limit, one result per call', async () => {
    const results = await json<unknown[]>(await batch(maxBatchCalls));
    expect(results).toHaveLength(maxBatchCalls);
  });

  it('beyond the limit are 400, saying the limit, before any call runs', async () => {
    const body = await json<TrpcErrorBody>(await batch(maxBatchCalls + 1), 400);
    expect(body.error.json.message).toBe(
      `A batch may hold at most ${maxBatchCalls} calls; this one holds ${maxBatchCalls + 1}`,
    );
    expect(body.error.json.data).toEqual({ code: 'BAD_REQUEST', httpStatus: 400 });
    // The attack: 1,200 calls of a public procedure, anonymously.
    const attack = await server.request(`/trpc/${Array(1200).fill('system.demo').join(',')}?batch=1`);
    expect((await json<TrpcErrorBody>(attack, 400)).error.json.message).toMatch(/holds 1200$/);
  });

  it('the limit also holds for mutations (POST batches)', async () => {
    const paths = Array(maxBatchCalls + 1)
      .fill('concierge.createRequest')
      .join(',');
    const inputs = Object.fromEntries(Array.from({ length: maxBatchCalls + 1 }, (_, i) => [i, { json: {} }]));
    const before = await json<unknown[]>(await server.request('/api/concierge/requests', { headers: { cookie } }));
    const res = await server.request(`/trpc/${paths}?batch=1`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(inputs),
    });
    await json(res, 400);
    expect(
      await json<unknown[]>(await server.request('/api/concierge/requests', { headers: { cookie } })),
    ).toHaveLength(before.length);
  });
});

describe('tRPC bodies', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    server.request('/trpc/concierge.send', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', ...headers },
      body,
    });

  it('over 1 MB are 413 without being parsed', async () => {
    const big = JSON.stringify({ json: { message: 'x'.repeat(maxTrpcBodyBytes) } });
    const body = await json<TrpcErrorBody>(await post(big), 413);
    expect(body.error.json.data).toEqual({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 });
    expect(body.error.json.message).toBe('The body is larger than 1 MB');
  });

  it('over 1 MB are 413 also when streamed without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * maxTrpcBodyBytes) controller.close();
        else {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        }
      },
    });
    const res = await server.request('/trpc/concierge.send', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('up to 1 MB are read as usual (a too-long message is the procedure’s own 400)', async () => {
    const body = await json<TrpcErrorBody>(await post(JSON.stringify({ json: { message: 'x'.repeat(5000) } })), 400);
    expect(body.error.json.message).toMatch(/^message: /);
  });
});
