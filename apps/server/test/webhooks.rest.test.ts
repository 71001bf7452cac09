import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookEventData } from '@naav/schemas/webhook-events';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookDelivery } from '../src/webhook-delivery';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

// Webhooks end to end: an agent's endpoint on a loopback receiver (allowed for the test), an event
// queued with the change, delivered by the delivery loop, signed per Standard Webhooks.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}
interface Delivery {
  id: string;
  eventType: string;
  status: string;
  attempts: number;
  attemptLog: { statusCode: number | null; latencyMs: number; responseExcerpt: string | null }[];
}

let server: TestServer;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The statuses the receiver answers, in turn; 204 once they run out. */
const answers: number[] = [];
let delivery: ReturnType<typeof startWebhookDelivery>;
let agent: string;
let traveller: string;

beforeAll(async () => {
  server = await createTestServer({ inProcess: true });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const answered = answers.shift() ?? 204;
      received.push({ headers: req.headers, body, answered });
      res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered >= 400 ? 'receiver is down' : '');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  delivery = startWebhookDelivery({ db: server.db, allowedHosts: ['127.0.0.1'], pollMs: 50, backoffBaseMs: 300 });
  agent = await server.signIn('agent@naav.example');
  traveller = await server.signIn('traveller@naav.example');
});
afterAll(async () => {
  await delivery.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

/** Waits (up to 20 s) until `check` holds. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const deliveries = async (id: string, cookie = agent) =>
  json<Delivery[]>(await sendAs(server, 'GET', `/api/webhooks/${id}/deliveries`, cookie));
/** The verified event; its data fits the schema the OpenAPI document's `webhooks:` block shows for its type. */
function verify(secret: string, r: Received) {
  const event = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
    type: keyof typeof webhookEventData;
    timestamp: string;
    data: Record<string, unknown>;
  };
  const fits = webhookEventData[event.type].safeParse(event.data);
  expect(fits.success, `${event.type}: ${JSON.stringify(fits.error?.issues)}`).toBe(true);
  return event;
}

describe('webhooks', { timeout: 60_000 }, () => {
  it('delivers proposal.accepted with the new trip id, signed, once, after one induced failure and a retry', async () => {
    const created = await json<{ id: string; secret: string; events: string[] }>(
      await sendAs(server, 'POST', '/api/webhooks', agent, { url: receiverUrl, events: ['proposal.accepted'] }),
    );
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.events).toEqual(['proposal.accepted']);
    answers.push(500);

    const accepted = await json<{ tripId: string; status: string }>(
      await sendAs(server, 'POST', '/api/proposals/proposal-kyoto-spring/accept', traveller),
    );
    expect(accepted.status).toBe('approved');

    const log = await until('the retry to go through', async () => {
      const [first] = await deliveries(created.id);
      return first?.status === 'delivered' ? first : undefined;
    });
    expect(received).toHaveLength(2);
    expect(received.map((r) => r.answered)).toEqual([500, 204]);
    // The same event both times: one webhook-id, so the receiver keeps it once.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const event = verify(created.secret, received[1]!);
    expect(event).toMatchObject({
      type: 'proposal.accepted',
      data: {
        proposalId: 'proposal-kyoto-spring',
        status: 'approved',
        previousStatus: 'submitted',
        tripId: accepted.tripId,
        clientId: 'user-traveller',
      },
    });
    expect(() => verify(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`, received[1]!)).toThrow();

    expect(log).toMatchObject({ id: received[0]!.headers['webhook-id'], eventType: 'proposal.accepted', attempts: 2 });
    expect(log.attemptLog.map((a) => a.statusCode)).toEqual([204, 500]);
    expect(log.attemptLog[1]!.responseExcerpt).toBe('receiver is down');

    // Redeliver sends the same event again, under the same webhook-id.
    await json(await sendAs(server, 'POST', `/api/webhooks/${created.id}/deliveries/${log.id}/redeliver`, agent));
    await until('the redelivery', () => received.length === 3);
    expect(received[2]!.headers['webhook-id']).toBe(log.id);

    // Send test event.
    const test = await json<{ id: string }>(await sendAs(server, 'POST', `/api/webhooks/${created.id}/test`, agent));
    await until('the test event', () => received.length === 4);
    expect(verify(created.secret, received[3]!)).toMatchObject({ type: 'webhook.test' });
    expect(received[3]!.headers['webhook-id']).toBe(test.id);

    // Events it did not ask for are not queued.
    expect((await deliveries(created.id)).map((d) => d.eventType)).toEqual(['webhook.test', 'proposal.accepted']);
  });

  it("sends a trip's creation, change and cancellation to its owner's endpoint, in order, with the change in each", async () => {
    const { id, secret } = await json<{ id: string; secret: string }>(
      await sendAs(server, 'POST', '/api/webhooks', traveller, { url: receiverUrl, events: ['trip.*'] }),
    );
    const before = received.length;
    const trip = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/trips', traveller, {
        title: 'Hook trip',
        location: 'Porto, Portugal',
        destination: 'Portugal',
        startDate: '2031-05-01',
        endDate: '2031-05-04',
      }),
    );
    await json(await sendAs(server, 'PATCH', `/api/trips/${trip.id}`, traveller, { title: 'Hooked trip' }));
    await json(await sendAs(server, 'POST', `/api/trips/${trip.id}/cancel`, traveller));
    await until('three trip events', () => received.length === before + 3);
    const events = received.slice(before).map((r) => verify(secret, r));
    expect(events.map((e) => e.type)).toEqual(['trip.created', 'trip.updated', 'trip.cancelled']);
    expect(events[0]!.data).toMatchObject({ tripId: trip.id, title: 'Hook trip', timeZone: 'Europe/Lisbon' });
    expect(events[1]!.data).toEqual({ tripId: trip.id, changes: { title: 'Hooked trip' } });
    expect(events[2]!.data).toMatchObject({ tripId: trip.id, cancelledAt: expect.any(String) });
    await json(await sendAs(server, 'DELETE', `/api/webhooks/${id}`, traveller));
  });

  it("sends an itinerary event's and an expense's creation and deletion, with what they hold", async () => {
    const { id, secret } = await json<{ id: string; secret: string }>(
      await sendAs(server, 'POST', '/api/webhooks', traveller, { url: receiverUrl, events: ['event.*', 'expense.*'] }),
    );
    const trip = await json<{ startDate: string }>(await sendAs(server, 'GET', '/api/trips/trip-lisbon', traveller));
    const before = received.length;
    const event = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/trips/trip-lisbon/events', traveller, {
        title: 'Fado night',
        type: 'activity',
        date: trip.startDate,
        startTime: '21:00',
      }),
    );
    const expense = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/expenses', traveller, {
        tripId: 'trip-lisbon',
        title: 'Fado tickets',
        amount: 4_000,
        currency: 'EUR',
        date: trip.startDate,
      }),
    );
    await json(await sendAs(server, 'DELETE', `/api/events/${event.id}`, traveller));
    await json(await sendAs(server, 'DELETE', `/api/expenses/${expense.id}`, traveller));
    await until('four events', () => received.length === before + 4);
    const events = received.slice(before).map((r) => verify(secret, r));
    expect(events.map((e) => e.type)).toEqual(['event.created', 'expense.created', 'event.deleted', 'expense.deleted']);
    expect(events[0]!.data).toMatchObject({ tripId: 'trip-lisbon', eventId: event.id, title: 'Fado night' });
    expect(events[1]!.data).toMatchObject({
      tripId: 'trip-lisbon',
      expenseId: expense.id,
      amount: 4_000,
      currency: 'EUR',
    });
    expect(events[3]!.data).toMatchObject({ expenseId: expense.id, title: 'Fado tickets' });
    await json(await sendAs(server, 'DELETE', `/api/webhooks/${id}`, traveller));
  });

  it("tells the travel team's endpoints of a traveller's concierge message", async () => {
    const { id, secret } = await json<{ id: string; secret: string }>(
      await sendAs(server, 'POST', '/api/webhooks', agent, { url: receiverUrl, events: ['concierge.*'] }),
    );
    const before = received.length;
    await json(await sendAs(server, 'POST', '/api/concierge/chat', traveller, { message: 'A table for two at 8?' }));
    await until('the message event', () => received.length === before + 1);
    expect(verify(secret, received[before]!)).toMatchObject({
      type: 'concierge.message',
      data: { travellerId: 'user-traveller', sender: 'user', message: 'A table for two at 8?' },
    });
    await json(await sendAs(server, 'DELETE', `/api/webhooks/${id}`, agent));
  });

  it('lists and deletes my endpoints; another user gets 404 for them', async () => {
    const created = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/webhooks', traveller, {
        url: 'https://hooks.example.org/naav',
        events: ['*'],
      }),
    );
    const list = await json<{ id: string; url: string }[]>(await sendAs(server, 'GET', '/api/webhooks', traveller));
    expect(list.find((w) => w.id === created.id)).toMatchObject({ url: 'https://hooks.example.org/naav' });
    expect(JSON.stringify(list)).not.toContain('whsec_');
    await restError(await sendAs(server, 'GET', `/api/webhooks/${created.id}/deliveries`, agent), 404, 'NOT_FOUND');
    await restError(await sendAs(server, 'DELETE', `/api/webhooks/${created.id}`, agent), 404, 'NOT_FOUND');
    expect(await json(await sendAs(server, 'DELETE', `/api/webhooks/${created.id}`, traveller))).toEqual({
      id: created.id,
      deleted: true,
    });
  });

  it('refuses bad input naming the field, and events a token may not read', async () => {
    for (const [body, field] of [
      [{ url: 'ftp://hooks.example.org', events: ['*'] }, 'url'],
      [{ url: 'https://user:pw@hooks.example.org', events: ['*'] }, 'url'],
      [{ url: 'https://hooks.example.org', events: ['trip.exploded'] }, 'events'],
      [{ url: 'https://hooks.example.org', events: [] }, 'events'],
    ] as const) {
      const error = await restError(await sendAs(server, 'POST', '/api/webhooks', traveller, body), 400, 'BAD_REQUEST');
      expect(error.issues?.[0]?.path[0]).toBe(field);
    }
    const { token } = await json<{ token: string }>(
      await sendAs(server, 'POST', '/api/tokens', traveller, { name: 'Trips only', scopes: ['trips:read'] }),
    );
    const refused = await server.request('/api/webhooks', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example.org', events: ['proposal.accepted'] }),
    });
    expect((await restError(refused, 403, 'FORBIDDEN')).message).toBe('This API token lacks the proposals:read scope');
  });

  it('sends booking.imported with what an import added or cancelled, once per import that changed the trip', async () => {
    const { id, secret } = await json<{ id: string; secret: string }>(
      await sendAs(server, 'POST', '/api/webhooks', traveller, { url: receiverUrl, events: ['booking.imported'] }),
    );
    const trip = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/trips', traveller, {
        title: 'Booked trip',
        location: 'Porto, Portugal',
        destination: 'Portugal',
        startDate: '2031-06-01',
        endDate: '2031-06-04',
      }),
    );
    const dinner = { type: 'restaurant', title: 'Cantinho', start: '2031-06-02T20:00:00', confirmationNumber: 'CT42' };
    const before = received.length;
    const added = await json<{ results: { eventIds: string[] }[] }>(
      await sendAs(server, 'POST', `/api/trips/${trip.id}/bookings`, traveller, { bookings: [dinner] }),
    );
    // The same booking again adds nothing, and sends nothing.
    await json(await sendAs(server, 'POST', `/api/trips/${trip.id}/bookings`, traveller, { bookings: [dinner] }));
    await json(
      await sendAs(server, 'POST', `/api/trips/${trip.id}/bookings`, traveller, {
        bookings: [{ ...dinner, cancelled: true }],
      }),
    );
    await until('two booking events', () => received.length === before + 2);
    const [first, second] = received.slice(before).map((r) => verify(secret, r));
    expect(first).toMatchObject({
      type: 'booking.imported',
      data: {
        tripId: trip.id,
        startDate: '2031-06-01',
        endDate: '2031-06-04',
        bookings: [
          {
            title: 'Cantinho',
            type: 'restaurant',
            confirmationNumber: 'CT42',
            status: 'added',
            eventIds: added.results[0]!.eventIds,
          },
        ],
      },
    });
    expect(added.results[0]!.eventIds).toHaveLength(1);
    expect(second!.data['bookings']).toEqual([expect.objectContaining({ title: 'Cantinho', status: 'cancelled' })]);
    expect((await deliveries(id, traveller)).map((d) => d.eventType)).toEqual(['booking.imported', 'booking.imported']);
    await json(await sendAs(server, 'DELETE', `/api/webhooks/${id}`, traveller));
  });
});
