import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, listen, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

// GET /api/stream with an API token: the owner's topics, as a session follows them, each also
// needing its domain's read scope.

let server: TestServer;
let url: string;
let close: () => Promise<void>;
let traveller: string;
const streams: AbortController[] = [];

beforeAll(async () => {
  server = await createTestServer({ inProcess: true });
  ({ url, close } = await listen(server.app!));
  traveller = await server.signIn('traveller@naav.example');
});
afterAll(async () => {
  for (const s of streams) s.abort();
  await close();
});

const madeToken = async (cookie: string, scopes: string[]) =>
  json<{ id: string; token: string }>(await sendAs(server, 'POST', '/api/tokens', cookie, { name: 'Stream', scopes }));
const tokenOf = async (cookie: string, scopes: string[]) => (await madeToken(cookie, scopes)).token;

/** GET /api/stream with only the token (no cookie, no Origin), as a script sends it. */
function stream(token: string, topics: string) {
  const abort = new AbortController();
  streams.push(abort);
  return fetch(new URL(`/api/stream?topics=${topics}`, url), {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
}

/** The next event of the stream with an id (comments and heartbeats skipped), parsed. */
async function nextEvent(reader: ReadableStreamDefaultReader<string>, buffer: { text: string }) {
  for (;;) {
    const end = buffer.text.indexOf('\n\n');
    if (end >= 0) {
      const block = buffer.text.slice(0, end);
      buffer.text = buffer.text.slice(end + 2);
      const field = (name: string) => block.match(new RegExp(`^${name}: ?(.*)$`, 'm'))?.[1];
      const data = field('data');
      if (field('id') && data) return { event: field('event'), data: JSON.parse(data) as Record<string, unknown> };
      continue;
    }
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended');
    buffer.text += value;
  }
}

describe('GET /api/stream with an API token', { timeout: 60_000 }, () => {
  it("follows its owner's trips: a trip made elsewhere arrives as an event", async () => {
    const res = await stream(await tokenOf(traveller, ['trips:read']), 'trips:user-traveller');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const created = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/trips', traveller, {
        title: 'Streamed trip',
        location: 'Porto, Portugal',
        destination: 'Portugal',
        startDate: '2031-05-01',
        endDate: '2031-05-04',
      }),
    );
    const buffer = { text: '' };
    let event = await nextEvent(reader, buffer);
    while (event.data['rowId'] !== created.id) event = await nextEvent(reader, buffer);
    expect(event).toMatchObject({ event: 'created', data: { topic: 'trips:user-traveller', rowId: created.id } });
    await reader.cancel();
  });

  it('a topic outside its scopes is 403 naming the scope; one its owner may not read is 404, as for a session', async () => {
    const budgetOnly = await tokenOf(traveller, ['budget:read']);
    const refused = await restError(await stream(budgetOnly, 'trips:user-traveller'), 403, 'FORBIDDEN');
    expect(refused.message).toBe('This API token lacks the trips:read scope');
    // A person's own notices need no particular scope.
    const notices = await stream(budgetOnly, 'notices:user-traveller');
    expect(notices.status).toBe(200);
    await notices.body?.cancel();

    const trips = await tokenOf(traveller, ['trips:write']);
    await restError(await stream(trips, 'trips:user-traveller2'), 404, 'NOT_FOUND');
    await restError(await stream(trips, 'trip:trip-nowhere'), 404, 'NOT_FOUND');
    const session = await server.request('/api/stream?topics=trips:user-traveller2', {
      headers: { cookie: traveller },
    });
    expect(session.status).toBe(404);
  });

  it('a stream opened with a token ends when the token is revoked', async () => {
    const { id, token } = await madeToken(traveller, ['trips:read']);
    const res = await stream(token, 'trips:user-traveller');
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await json(await sendAs(server, 'DELETE', `/api/tokens/${id}`, traveller));
    for (;;) if ((await reader.read()).done) break;
    await restError(await stream(token, 'trips:user-traveller'), 401, 'UNAUTHORIZED');
  });

  it('an unknown token is 401', async () => {
    await restError(await stream('naav_unknown', 'trips:user-traveller'), 401, 'UNAUTHORIZED');
  });
});
