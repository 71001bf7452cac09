import { appRouter, createContext, type Actor } from '@naav/api';
import { actors, createSeededDatabase } from '@naav/api/testing';
import type { Database } from '@naav/db';
import { initTRPC, type AnyTRPCRouter, TRPCError } from '@trpc/server';
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
  context: () => unknown = contextOf(actor),
) {
  const fromTrpc: string[] = [];
  const trpc = await fetchRequestHandler({
    router,
    endpoint: '/trpc',
    req: new Request(`http://localhost${url}`, init),
    createContext: context,
    onError: ({ error, path }) => fromTrpc.push(`${path}: ${error.code}`),
    responseMeta: ({ errors }) => (errors.length > 0 ? { headers: retryAfter(errors) } : {}),
  });
  const fromLean: string[] = [];
  const lean = createTrpcQueryHandler({
    router,
    endpoint: '/trpc',
    createContext: context,
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

  // A router with the app's transformer whose outputs superjson has to mark (meta) or not.
  const t = initTRPC.create({ isDev: false, transformer: appRouter._def._config.transformer });
  const shared = { city: 'Lisbon' };
  const marked = t.router({
    plain: t.procedure.query(() => ({
      id: 'trip-lisbon',
      days: [1, 2, 3],
      budget: { total: 450000, currency: 'EUR' },
    })),
    dated: t.procedure.query(() => ({ id: 'trip-lisbon', startsAt: new Date('2026-11-26T09:00:00Z') })),
    unset: t.procedure.query(() => ({ id: 'trip-lisbon', notes: undefined, rate: -0, ratio: Number.NaN })),
    collections: t.procedure.query(() => ({ tags: new Set(['sea']), rates: new Map([['EUR', 1]]), big: 10n })),
    twice: t.procedure.query(() => ({ from: shared, to: shared })),
    empty: t.procedure.query(() => undefined),
    text: t.procedure.query(() => 'Lisbon'),
    failing: t.procedure.query((): string => {
      throw new TRPCError({ code: 'CONFLICT', message: 'The trip changed' });
    }),
  });

  it.each([
    ['only plain JSON', 'plain'],
    ['a Date', 'dated'],
    ['undefined, -0 and NaN', 'unset'],
    ['a Set, a Map and a bigint', 'collections'],
    ['one object twice', 'twice'],
    ['nothing', 'empty'],
    ['a string', 'text'],
  ])('answers an output holding %s byte for byte as tRPC does, alone and in a batch', async (_name, name) => {
    for (const url of [`/trpc/${name}`, `/trpc/${name}?batch=1`, `/trpc/plain,${name},failing?batch=1`]) {
      const { trpc, lean } = await both(url, {}, null, marked);
      expect(lean).toEqual(trpc);
    }
  });

  it('answers a call whose context cannot be made as tRPC does, alone and in a batch', async () => {
    const refused = () => {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'The session has ended' });
    };
    for (const url of ['/trpc/trips.current', '/trpc/trips.current,trips.list?batch=1&input=%7B%7D']) {
      const { trpc, lean } = await both(url, {}, null, appRouter, refused);
      expect(trpc.status).toBe(401);
      expect(lean).toEqual(trpc);
    }
  });
});
