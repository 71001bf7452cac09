import { appRouter, createContext, type Actor } from '@naav/api';
import { actors, createSeededDatabase } from '@naav/api/testing';
import type { Database } from '@naav/db';
import { initTRPC, type AnyTRPCRouter, type TRPCError } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrpcQueryHandler } from '../src/trpc-queries';

/**
 * The lean path of the web app's reads (src/trpc-queries.ts) answers exactly as tRPC's own
 * fetch handler does: same status, body and headers, the same errors reported, and every
 * request it does not answer left to that handler.
 */
const now = new Date('2026-05-14T10:00:00Z');
let db: Database;
beforeAll(async () => {
  db = await createSeededDatabase(now);
}, 60_000);

const contextOf = (actor: Actor | null) => () => createContext({ db, now: () => now, resolveActor: async () => actor });
const retryAfter = (errors: TRPCError[]) => ({ 'retry-after': String(errors.length) });

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
  reported: string[];
}

async function read(res: Response, reported: string[]): Promise<Answer> {
  return { status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers), reported };
}

/** The answer of tRPC's fetch handler and of the lean path to the same request. */
async function both(
  url: string,
  init: RequestInit = {},
  actor: Actor | null = actors.traveller,
  router: AnyTRPCRouter = appRouter,
) {
  const fromTrpc: string[] = [];
  const trpc = await fetchRequestHandler({
    router,
    endpoint: '/trpc',
    req: new Request(`http://localhost${url}`, init),
    createContext: contextOf(actor),
    onError: ({ error, path }) => fromTrpc.push(`${path}: ${error.code}`),
    responseMeta: ({ errors }) => (errors.length > 0 ? { headers: retryAfter(errors) } : {}),
  });
  const fromLean: string[] = [];
  const lean = createTrpcQueryHandler({
    router,
    endpoint: '/trpc',
    createContext: contextOf(actor),
    onError: (error, path) => fromLean.push(`${path}: ${error.code}`),
    errorHeaders: retryAfter,
  })(new Request(`http://localhost${url}`, init));
  return {
    trpc: await read(trpc, fromTrpc),
    lean: lean === undefined ? undefined : await read(await lean, fromLean),
  };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const batchInput = (...values: unknown[]) =>
  input(Object.fromEntries(values.map((value, i) => [i, value === undefined ? undefined : { json: value }])));

describe('the lean tRPC read path', () => {
  it.each([
    ['a query', '/trpc/trips.current'],
    ['a query with input', `/trpc/trips.byId?input=${input({ json: { id: 'trip-lisbon' } })}`],
    [
      'a batch, as the web app sends it',
      `/trpc/trips.dayPlan,trips.byId?batch=1&input=${batchInput({ id: 'trip-lisbon' }, { id: 'trip-lisbon' })}`,
    ],
    ['a batch of one', `/trpc/trips.dayPlan?batch=1&input=${batchInput({ id: 'trip-lisbon' })}`],
    ['a path with a trailing slash', '/trpc/trips.current/'],
  ])('answers %s as tRPC does', async (_name, url) => {
    const { trpc, lean } = await both(url);
    expect(trpc.status).toBe(200);
    expect(lean).toEqual(trpc);
  });

  it.each([
    ['someone else’s trip (404)', `/trpc/trips.byId?input=${input({ json: { id: 'no-such-trip' } })}`],
    ['an input the schema refuses (400)', `/trpc/trips.byId?input=${input({ json: { id: 42 } })}`],
    ['an input that is not JSON', '/trpc/trips.byId?input=%7Bnot-json'],
    ['a batch whose input is not an object', `/trpc/trips.byId,trips.byId?batch=1&input=${input([1, 2])}`],
    [
      'a batch with one failing call (207)',
      `/trpc/trips.current,trips.byId?batch=1&input=${batchInput(undefined, { id: 'nope' })}`,
    ],
    [
      'a batch where every call fails the same way',
      `/trpc/trips.byId,trips.byId?batch=1&input=${batchInput({ id: 'a' }, { id: 'b' })}`,
    ],
  ])('answers %s with tRPC’s error, status, headers and report', async (_name, url) => {
    const { trpc, lean } = await both(url);
    expect(trpc.status).toBeGreaterThanOrEqual(207);
    expect(trpc.headers['retry-after']).toBeDefined();
    expect(lean).toEqual(trpc);
  });

  it('answers a signed-out read as tRPC does (401)', async () => {
    const { trpc, lean } = await both('/trpc/trips.current', {}, null);
    expect(trpc.status).toBe(401);
    expect(lean).toEqual(trpc);
  });

  it('answers a request its client has already given up on as tRPC does', async () => {
    const gone = new AbortController();
    gone.abort();
    const { trpc, lean } = await both('/trpc/trips.current', { signal: gone.signal });
    expect(lean).toEqual(trpc);
  });

  it.each([
    ['a mutation', '/trpc/trips.create', {}],
    ['a batch holding a mutation', '/trpc/trips.current,trips.create?batch=1', {}],
    ['an unknown procedure', '/trpc/trips.nothing', {}],
    ['a path that is not URL-encoded properly', '/trpc/trips.%E0%A4%A', {}],
    ['a streamed batch', '/trpc/trips.current?batch=1', { headers: { 'trpc-accept': 'application/jsonl' } }],
    ['a HEAD request', '/trpc/trips.current', { method: 'HEAD' }],
    ['a POST', '/trpc/trips.current', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
  ])('leaves %s to tRPC’s own handler', async (_name, url, init) => {
    const { lean } = await both(url, init);
    expect(lean).toBeUndefined();
  });

  it('answers a read whose answer would need a streamed batch as tRPC does', async () => {
    const t = initTRPC.create({ isDev: false });
    const router = t.router({ later: t.procedure.query(() => ({ value: Promise.resolve(1) })) });
    for (const url of ['/trpc/later', '/trpc/later,later?batch=1']) {
      const { trpc, lean } = await both(url, {}, null, router);
      expect(trpc.status).toBe(415);
      expect(lean).toEqual(trpc);
    }
  });
});
