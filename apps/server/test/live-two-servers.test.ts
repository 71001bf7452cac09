import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTo as post, signInTo as signIn } from './app-process-calls';
import { startAppProcesses, type AppProcess, type AppProcesses } from './app-processes';

// Two production servers on one database file: a change written through one reaches the live
// streams open on the other (each follows the database's change feed), over tRPC's
// server-sent events and over GET /api/stream.
let pair: AppProcesses;
let a: AppProcess;
let b: AppProcess;
const streams: AbortController[] = [];

beforeAll(async () => {
  // A small per-session limit, so the test reaches it (the default is 10 per session, 30 per user).
  pair = await startAppProcesses({ count: 2, env: { LIVE_STREAMS_PER_SESSION: '2' } });
  [a, b] = pair.servers as [AppProcess, AppProcess];
}, 180_000);
afterAll(async () => {
  for (const s of streams) s.abort();
  await pair?.stop();
});

interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/** Opens an event stream; `next(match)` waits (at most 5 s) for the next event that has an id and matches. */
async function openStream(url: string, headers: Record<string, string>) {
  const abort = new AbortController();
  streams.push(abort);
  const res = await fetch(url, { headers, signal: abort.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pending: SseEvent[] = [];
  const readEvent = async (): Promise<SseEvent> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { data: '' };
        for (const line of block.split('\n')) {
          const [field, ...rest] = line.split(':');
          const value = rest.join(':').replace(/^ /, '');
          if (field === 'id') event.id = value;
          else if (field === 'event') event.event = value;
          else if (field === 'data') event.data += value;
        }
        if (event.id !== undefined) return event;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  };
  return {
    res,
    close: () => abort.abort(),
    /** Resolves when the server ends the stream (events before that are skipped). */
    async ended(): Promise<void> {
      for (;;) {
        const { done } = await reader.read();
        if (done) return;
      }
    },
    async next(): Promise<SseEvent> {
      const queued = pending.shift();
      if (queued) return queued;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no event within 5 s')), 5000);
      });
      try {
        return await Promise.race([readEvent(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

describe('live changes across two app servers on one database', { timeout: 120_000 }, () => {
  it('a message written through A reaches the agent’s stream on B (GET /api/stream), which resumes after its last event', async () => {
    const traveller = await signIn(a, 'traveller@naav.example');
    const agent = await signIn(b, 'agent@naav.example');
    const desk = await openStream(`${b.baseUrl}/api/stream?topics=concierge`, { cookie: agent });
    expect(desk.res.status).toBe(200);
    expect(desk.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Not gathered for compression: events leave as they happen; no cache keeps them.
    expect(desk.res.headers.get('content-encoding')).toBeNull();
    expect(desk.res.headers.get('cache-control')).toBe('no-store');

    const sent = (await (
      await post(a, '/api/concierge/chat', { message: 'Is the museum open on Monday?' }, traveller)
    ).json()) as { id: string };
    // The event arrives on the open stream by itself (how soon is the bench's to measure, not a test's: a busy machine is slow).
    const first = await desk.next();
    expect(first.event).toBe('message');
    // `position` counts this stream's events; the id is an opaque token to resume from.
    expect(JSON.parse(first.data)).toEqual({ position: 1, topic: 'concierge', rowId: sent.id, kind: 'message' });
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Away for a while: the next message is missed, then the stream resumes after the last id seen.
    desk.close();
    const second = (await (await post(a, '/api/concierge/chat', { message: 'And on Tuesday?' }, traveller)).json()) as {
      id: string;
    };
    const resumed = await openStream(`${a.baseUrl}/api/stream?topics=concierge`, {
      cookie: agent,
      'last-event-id': first.id!,
    });
    // Resumed on the other server (ids open on every server sharing the session secret): the count goes on.
    expect(JSON.parse((await resumed.next()).data)).toEqual({
      position: 2,
      topic: 'concierge',
      rowId: second.id,
      kind: 'message',
    });
    resumed.close();
  });

  it('an agent’s answer through A reaches the traveller’s tRPC subscription on B', async () => {
    const traveller = await signIn(b, 'traveller@naav.example');
    const agent = await signIn(a, 'agent@naav.example');
    const me = (await (await fetch(`${b.baseUrl}/api/me`, { headers: { cookie: traveller } })).json()) as {
      id: string;
    };
    const input = encodeURIComponent(JSON.stringify({ json: { topics: [`concierge:${me.id}`] } }));
    const chat = await openStream(`${b.baseUrl}/trpc/live.changes?input=${input}`, { cookie: traveller });
    expect(chat.res.status).toBe(200);
    expect(chat.res.headers.get('cache-control')).toBe('no-store');

    const reply = (await (
      await post(a, `/api/concierge/agent/conversations/${me.id}/messages`, { message: 'Yes, from 10 am.' }, agent)
    ).json()) as { id: string };
    const event = await chat.next();
    // superjson's envelope around the event; no message text travels.
    expect(JSON.parse(event.data)).toEqual({
      json: { position: 1, topic: `concierge:${me.id}`, rowId: reply.id, kind: 'message' },
    });
    chat.close();
  });

  it('answers the stream with the same authorisation as the queries', async () => {
    const traveller = await signIn(a, 'traveller@naav.example');
    const stream = (query: string, cookie?: string) =>
      fetch(`${b.baseUrl}/api/stream?${query}`, { headers: cookie ? { cookie } : {} });
    expect((await stream('topics=concierge')).status).toBe(401);
    // The agents' desk and someone else's conversation are as missing as a trip that does not exist.
    for (const topics of [
      'concierge',
      'concierge:user-traveller2',
      'trip:no-such-trip',
      'trip:trip-lisbon,proposals',
    ]) {
      const res = await stream(`topics=${topics}`, traveller);
      expect({ topics, status: res.status }).toEqual({ topics, status: 404 });
    }
    const bad = await stream('topics=everything', traveller);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { path: unknown[] }[] }).issues[0]!.path).toEqual(['topics', '0']);
  });

  it('a session holds at most so many open streams (429 with Retry-After beyond), and every stream ends when its session ends on another server', async () => {
    const traveller = await signIn(a, 'traveller@naav.example');
    const me = (await (await fetch(`${a.baseUrl}/api/me`, { headers: { cookie: traveller } })).json()) as {
      id: string;
    };
    const list = `/api/stream?topics=trips:${me.id}`;
    const first = await openStream(`${a.baseUrl}${list}`, { cookie: traveller });
    const input = encodeURIComponent(JSON.stringify({ json: { topics: [`trips:${me.id}`] } }));
    const second = await openStream(`${a.baseUrl}/trpc/live.changes?input=${input}`, { cookie: traveller });
    expect([first.res.status, second.res.status]).toEqual([200, 200]);
    const refused = await fetch(`${a.baseUrl}${list}`, { headers: { cookie: traveller } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { code: string }).code).toBe('TOO_MANY_REQUESTS');
    // The subscription counts against the same limit: its stream carries the error (tRPC's SSE has begun by then) and ends.
    const refusedSubscription = await fetch(`${a.baseUrl}/trpc/live.changes?input=${input}`, {
      headers: { cookie: traveller },
    });
    const answer = await refusedSubscription.text();
    expect(answer).toContain('event: serialized-error');
    expect(answer).toMatch(/"code":"TOO_MANY_REQUESTS","httpStatus":429/);
    // Another session of the same traveller may still open one.
    const other = await signIn(b, 'traveller@naav.example');
    const elsewhere = await openStream(`${a.baseUrl}${list}`, { cookie: other });
    expect(elsewhere.res.status).toBe(200);

    // Signed out on B: both streams of that session on A end by themselves; the other session's stays.
    expect((await post(b, '/api/auth/sign-out', {}, traveller)).status).toBe(200);
    await first.ended();
    await second.ended();
    expect((await fetch(`${a.baseUrl}/api/me`, { headers: { cookie: traveller } })).status).toBe(401);
    const trip = (await (
      await post(
        a,
        '/api/trips',
        {
          title: 'Still listening',
          destination: 'Porto',
          location: 'Porto, Portugal',
          startDate: '2030-05-01',
          endDate: '2030-05-03',
          timeZone: 'Europe/Lisbon',
        },
        other,
      )
    ).json()) as { id: string };
    expect(JSON.parse((await elsewhere.next()).data)).toMatchObject({ topic: `trips:${me.id}`, rowId: trip.id });

    // "Sign out everywhere" on B ends that stream on A too.
    const everywhere = await fetch(`${b.baseUrl}/api/sessions`, {
      method: 'DELETE',
      headers: { origin: b.baseUrl, cookie: other },
    });
    expect(everywhere.status).toBeLessThan(300);
    await elsewhere.ended();
  });
});
