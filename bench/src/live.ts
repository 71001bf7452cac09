import { FeedFollower } from '@naav/api/server';
import { createDatabase } from '@naav/db';
import type { Child } from './lib/processes';
import { groupRssMb } from './startup';
import type { Row } from './table';

/**
 * Live updates across servers: two production servers on one database file; `subscribers`
 * idle streams (GET /api/stream on a topic nobody writes to) held open on B, and one more
 * that waits for the traveller's chat. Each write is a chat message posted through A; its
 * latency runs from sending the write to the event arriving on B's stream, so it includes the
 * write itself and B's wait for its next read of the feed.
 */
export interface LiveReport {
  subscribers: number;
  writes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  rssBeforeMb: number;
  rssWithSubscribersMb: number;
  /** (RSS with the subscribers − before) ÷ subscribers, in kB: noisy, a few MB either way. */
  kbPerSubscriber: number;
  /** Feed reads per second of one follower with `subscribers` listeners (the same code each server runs). */
  feedQueriesPerSecond: number;
  followerIntervalMs: number;
}

const liveTargets = { p95Ms: 1000 };

interface Started {
  child: Child;
  baseUrl: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** An open event stream: `waitFor(rowId)` resolves with the time the event naming that row arrived. */
async function openStream(url: string, cookie: string, signal: AbortSignal) {
  const res = await fetch(url, { headers: { cookie }, signal });
  if (res.status !== 200 || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const waiting = new Map<string, (at: number) => void>();
  const seen = new Map<string, number>();
  void (async () => {
    let buffer = '';
    try {
      for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const rowId = (JSON.parse(data.slice('data: '.length)) as { rowId: string | null }).rowId;
          if (!rowId) continue;
          const at = performance.now();
          const resolve = waiting.get(rowId);
          if (resolve) resolve(at);
          else seen.set(rowId, at);
        }
      }
    } catch {
      // Aborted at the end of the bench.
    }
  })();
  return {
    waitFor: (rowId: string) =>
      new Promise<number>((resolve, reject) => {
        const early = seen.get(rowId);
        if (early !== undefined) return resolve(early);
        waiting.set(rowId, resolve);
        setTimeout(() => reject(new Error(`no event for ${rowId} within 10 s`)), 10_000).unref();
      }),
  };
}

export async function benchLive(
  start: (secret: string) => Promise<Started>,
  databaseUrl: string,
  signIn: (baseUrl: string) => Promise<string>,
  { subscribers = 200, writes = 60 } = {},
): Promise<LiveReport> {
  const secret = crypto.randomUUID() + crypto.randomUUID();
  // A first: it loads the demo into the empty database; B then finds it.
  const a = await start(secret);
  const b = await start(secret);
  const abort = new AbortController();
  try {
    const cookie = await signIn(a.baseUrl);
    const me = (await (await fetch(`${a.baseUrl}/api/me`, { headers: { cookie } })).json()) as { id: string };
    await sleep(1000);
    const rssBeforeMb = groupRssMb(b.child.pid);

    console.log(`Live: ${subscribers} idle streams on B…`);
    for (let i = 0; i < subscribers; i++)
      await openStream(`${b.baseUrl}/api/stream?topics=trips:${me.id}`, cookie, abort.signal);
    const chat = await openStream(`${b.baseUrl}/api/stream?topics=concierge:${me.id}`, cookie, abort.signal);
    await sleep(2000);
    const rssWithSubscribersMb = groupRssMb(b.child.pid);

    // The same follower each server runs, here in-process with as many listeners, counting its reads.
    const db = createDatabase({ url: databaseUrl });
    const follower = new FeedFollower(db);
    const stops = await Promise.all(
      Array.from({ length: subscribers }, () => follower.subscribe([`trips:${me.id}`], () => {})),
    );
    const countedFrom = performance.now();
    const queriesBefore = follower.queries;

    console.log(`Live: ${writes} chat messages through A, each awaited on B…`);
    const latencies: number[] = [];
    for (let i = 0; i < writes; i++) {
      const sentAt = performance.now();
      const res = await fetch(`${a.baseUrl}/api/concierge/chat`, {
        method: 'POST',
        headers: { cookie, origin: a.baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ message: `Live bench ${i}` }),
      });
      if (!res.ok) throw new Error(`write ${i}: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: string };
      latencies.push((await chat.waitFor(id)) - sentAt);
      // Writes at varied moments of the servers' read interval.
      await sleep(50 + Math.random() * 400);
    }
    const seconds = (performance.now() - countedFrom) / 1000;
    const feedQueriesPerSecond = Math.round(((follower.queries - queriesBefore) / seconds) * 10) / 10;
    for (const stop of stops) stop();
    follower.stop();
    db.$client.close();

    const sorted = [...latencies].sort((x, y) => x - y);
    const round = (n: number) => Math.round(n);
    return {
      subscribers,
      writes,
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      maxMs: round(sorted.at(-1) ?? 0),
      rssBeforeMb,
      rssWithSubscribersMb,
      kbPerSubscriber: Math.round(((rssWithSubscribersMb - rssBeforeMb) * 1024) / subscribers),
      feedQueriesPerSecond,
      followerIntervalMs: follower.intervalMs,
    };
  } finally {
    abort.abort();
    await Promise.all([a.child.stop(), b.child.stop()]);
  }
}

export function liveRows(report: LiveReport): Row[] {
  return [
    {
      metric: `live: write on A → event on B, p50 (${report.subscribers} idle streams on B)`,
      value: `${report.p50Ms} ms`,
    },
    {
      metric: 'live: write on A → event on B, p95',
      value: `${report.p95Ms} ms`,
      target: `< ${liveTargets.p95Ms} ms`,
      pass: report.p95Ms < liveTargets.p95Ms,
    },
    { metric: 'live: server memory per idle stream (RSS)', value: `${report.kbPerSubscriber} kB` },
    {
      metric: `live: feed queries per second per server (${report.subscribers} subscribers)`,
      value: `${report.feedQueriesPerSecond}`,
    },
  ];
}
