import { appRouter, createContext, type Actor } from '@naav/api';
import { actors, createSeededDatabase } from '@naav/api/testing';
import type { Database } from '@naav/db';
import type { TRPCError } from '@trpc/server';
import { forEachOpenApiProcedure } from 'trpc-to-openapi';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRestHandler } from '../src/rest';

/**
 * REST reads on their lean path (src/rest-reads.ts) answer exactly as through trpc-to-openapi's
 * handler: same status, body and headers, and the same errors reported, for every GET route.
 */
const now = new Date('2026-05-14T10:00:00Z');
let db: Database;
beforeAll(async () => {
  db = await createSeededDatabase(now);
}, 60_000);

const retryAfter = (errors: TRPCError[]) => ({ 'retry-after': String(errors.length) });

/** The actor a test request names in its x-actor header (none: signed out); the errors each handler reported. */
const byName: Record<string, Actor> = actors;
let reported: string[] = [];
const handlerOf = (leanReads: boolean) =>
  createRestHandler({
    router: appRouter,
    endpoint: '/api',
    createContext: (req) =>
      createContext({ db, now: () => now, resolveActor: async () => byName[req.headers.get('x-actor') ?? ''] ?? null }),
    onError: (error, path) => reported.push(`${path}: ${error.code}`),
    errorHeaders: retryAfter,
    leanReads,
  });
const handlers = { library: handlerOf(false), lean: handlerOf(true) };

async function answer(url: string, actor: keyof typeof actors | null, via: keyof typeof handlers, method = 'GET') {
  reported = [];
  const headers = actor ? { 'x-actor': actor } : undefined;
  const res = await handlers[via](new Request(`http://localhost${url}`, { method, headers }));
  return { status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers), reported };
}

async function both(url: string, actor: keyof typeof actors | null = 'traveller', method = 'GET') {
  return { library: await answer(url, actor, 'library', method), lean: await answer(url, actor, 'lean', method) };
}

/** Every GET route, its path parameters filled with ids of the seeded data (or ids nobody has). */
const getRoutes: string[] = [];
forEachOpenApiProcedure(appRouter._def.procedures, ({ meta: { openapi } }) => {
  if (openapi.method === 'GET') getRoutes.push(openapi.path);
});
const filled = (path: string, id: string) => `/api${path.replace(/\{[^}]+\}/g, id)}`;

describe('the lean REST read path', () => {
  it('knows the GET routes', () => {
    expect(getRoutes).toContain('/trips/current');
    expect(getRoutes.length).toBeGreaterThan(50);
  });

  it.each(getRoutes)(
    'answers GET %s as the library does, signed in, signed out and for ids of nobody',
    async (path) => {
      for (const [url, actor] of [
        [filled(path, 'trip-lisbon'), 'traveller'],
        [filled(path, 'trip-lisbon'), 'agent'],
        [filled(path, 'no-such-id'), 'traveller'],
        [filled(path, 'trip-lisbon'), null],
      ] as const) {
        const { library, lean } = await both(url, actor);
        expect(lean, url).toEqual(library);
      }
    },
  );

  it.each([
    ['the trips under way', '/api/trips/current'],
    ['a path in other letter case', '/api/TRIPS/Current'],
    ['a trailing slash', '/api/trips/current/'],
    ['a page of trips', '/api/trips/page?limit=1'],
    ['a bad limit', '/api/trips/page?limit=zero'],
    ['a key given twice', '/api/trips/page?limit=1&limit=2'],
    ['keys named like object members', '/api/trips/page?toString=1&__proto__=2&constructor=x'],
    ['a list query', '/api/trips/trip-lisbon/expenses?categoryId=1&q=taxi&withTotal=false'],
    ['a bad filter', '/api/trips/trip-lisbon/expenses?categoryId=99'],
    ['an escaped path parameter', '/api/trips/trip%2Dlisbon'],
    ['an unknown path', '/api/no-such-thing'],
  ])('answers %s as the library does', async (_name, url) => {
    const { library, lean } = await both(url);
    expect(lean).toEqual(library);
  });

  it('leaves HEAD and writes to the library', async () => {
    for (const method of ['HEAD', 'POST', 'DELETE']) {
      const { library, lean } = await both('/api/trips/current', 'traveller', method);
      expect(lean).toEqual(library);
    }
  });
});
