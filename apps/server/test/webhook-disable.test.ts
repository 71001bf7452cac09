import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookDelivery } from '../src/webhook-delivery';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

// An endpoint that never answers: retried with backoff, then disabled after 24 hours, and its owner
// told. The delivery loop runs on a clock the test moves (its timer never fires by itself).

let server: TestServer;
let cookie: string;
let t = Date.now();
const disabled: { userId: string; url: string }[] = [];
let delivery: ReturnType<typeof startWebhookDelivery>;

beforeAll(async () => {
  server = await createTestServer({ inProcess: true });
  cookie = await server.signIn('traveller@naav.example');
  delivery = startWebhookDelivery({
    db: server.db,
    allowedHosts: ['127.0.0.1'],
    pollMs: 2_000_000_000,
    backoffBaseMs: 1000,
    clock: () => t,
    onDisabled: async (endpoint) => void disabled.push(endpoint),
  });
});
afterAll(() => delivery.stop());

interface Delivery {
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  attemptLog: { statusCode: number | null; responseExcerpt: string | null }[];
}

describe('a failing webhook', { timeout: 60_000 }, () => {
  it('is retried with growing waits, then disabled after 24 hours of failures, and its owner is told', async () => {
    // Nothing listens on port 9 of loopback: every attempt is refused.
    const { id } = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/webhooks', cookie, { url: 'http://127.0.0.1:9/hooks', events: ['*'] }),
    );
    await json(await sendAs(server, 'POST', `/api/webhooks/${id}/test`, cookie));
    const log = async () => json<Delivery[]>(await sendAs(server, 'GET', `/api/webhooks/${id}/deliveries`, cookie));

    t = Date.now() + 1000;
    await delivery.runOnce();
    let [first] = await log();
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first!.attemptLog[0]).toMatchObject({
      statusCode: null,
      responseExcerpt: expect.stringMatching(/^Not delivered: .*ECONNREFUSED/),
    });
    expect(Date.parse(first!.nextAttemptAt!)).toBe(t + 1000);
    // Not due yet: nothing is sent.
    await delivery.runOnce();
    expect((await log())[0]!.attempts).toBe(1);

    t += 1000;
    await delivery.runOnce();
    [first] = await log();
    expect(first).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(first!.nextAttemptAt!)).toBe(t + 2000);
    const [listed] = await json<{ failingSince: string | null; disabledAt: string | null }[]>(
      await sendAs(server, 'GET', '/api/webhooks', cookie),
    );
    expect(listed).toMatchObject({ failingSince: new Date(t - 1000).toISOString(), disabledAt: null });

    t += 25 * 60 * 60 * 1000;
    await delivery.runOnce();
    expect((await log())[0]).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });
    const [after] = await json<{ disabledAt: string | null }[]>(await sendAs(server, 'GET', '/api/webhooks', cookie));
    expect(after!.disabledAt).toBe(new Date(t).toISOString());
    expect(disabled).toEqual([
      expect.objectContaining({ id, userId: 'user-traveller', url: 'http://127.0.0.1:9/hooks' }),
    ]);
    const refused = await restError(
      await sendAs(server, 'POST', `/api/webhooks/${id}/test`, cookie),
      400,
      'BAD_REQUEST',
    );
    expect(refused.message).toContain('disabled');
  });
});
