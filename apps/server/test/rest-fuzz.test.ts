import { createContext } from '@naav/api';
import {
  actors,
  createSeededDatabase,
  resolveRef,
  restFixtureRouter,
  snapshotChanges,
  snapshotWatcher,
  validArbitrary,
  type DatabaseSnapshot,
  type JsonSchema,
} from '@naav/api/testing';
import type { Database } from '@naav/db';
import fc from 'fast-check';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { describe, expect, it } from 'vitest';
import { createRestHandler } from '../src/rest';
import { createTestServer, testOrigin } from './harness';
import { anyRestError, restError } from './http';

// Fuzzes every operation the app documents in /api/openapi.json: requests are derived from
// each operation's parameters and requestBody schema, so a new endpoint is fuzzed without
// being listed here. Reproduce a failure with the seed and path fast-check prints.
const SEED = 20_250_615;
const RUNS = 30;
const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;
// ~1 s per operation on an idle 2-core machine; room for a busy one.
const FUZZ_TIMEOUT = 30_000;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}
interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

const httpMethods = ['get', 'post', 'put', 'patch', 'delete'];

function operationsOf(doc: OpenApiDoc): Operation[] {
  // /api/auth/* is better-auth's, with its own answers and budgets (security.md), not the REST adapter's.
  return Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith('/auth/'))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => httpMethods.includes(method))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          parameters: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema,
        })),
    );
}

// ------------------------------------------------------------------ what a request is

const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** One generated request; prints briefly in fast-check's report (bodies and URLs can be 100 KB). */
class FuzzRequest {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
    readonly body?: string,
  ) {}
  [fc.toStringMethod]() {
    const headers = Object.entries(this.headers).map(([k, v]) => `${k}: ${short(v, 60)}`);
    return `${this.method} ${short(this.url)} [${headers.join(', ')}]${this.body === undefined ? '' : ` body=${JSON.stringify(short(this.body))}`}`;
  }
  toString() {
    return this[fc.toStringMethod]();
  }
}

// ------------------------------------------------------------------ hostile values

const hugeString = fc
  .tuple(
    fc.integer({ min: 10_000, max: 100_000 }),
    fc.constantFrom('x', 'é', '😀', '\u0000', '<script>alert(1)</script>', "' or 1=1 --", '%s%n'),
  )
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n));

const badNumbers = fc.constantFrom<unknown>(
  -1,
  0,
  -0,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  '1e999',
  'NaN',
  'Infinity',
  '-1',
  '0x10',
  '1_000',
  '',
);

const badDates = fc.constantFrom(
  '2025-02-30',
  '2025-13-01',
  '2025-00-10',
  '0000-00-00',
  '2025-6-1',
  '15/06/2025',
  'yesterday',
  '2025-06-15T25:61:00Z',
  '2025-06-15T12:00:00',
  '99999-01-01',
  '-001-01-01',
  '24:00:00',
  '12:60:00',
  '1:2:3',
  '',
);

const typesOf = (s: JsonSchema): string[] => {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  return [];
};

/** A JSON value of a type the schema does not have. */
function wrongType(s: JsonSchema): fc.Arbitrary<unknown> {
  const own = typesOf(s);
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 20 })],
    ['number', fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))],
    ['integer', fc.integer()],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  const others = candidates.filter(
    ([type]) =>
      !own.includes(type) && !(type === 'integer' && own.includes('number')) && !(s.nullable && type === 'null'),
  );
  return fc.oneof(...others.map(([, arb]) => arb));
}

/** Values that the schema should refuse, or that sit on its edges. */
function invalidValue(schema: JsonSchema, doc: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = resolveRef(schema, doc);
  const types = typesOf(s);
  const arbs: fc.Arbitrary<unknown>[] = [wrongType(s), hugeString, badNumbers, fc.constant(null)];
  if (s.enum) {
    const known = s.enum.map(String);
    arbs.push(
      fc.string({ maxLength: 12 }).filter((v) => !known.includes(v)),
      fc.constantFrom(...known.map((v) => `${v.toUpperCase()} `)),
    );
  }
  if (s.format || s.pattern) arbs.push(badDates);
  if (types.includes('string')) {
    if (s.maxLength !== undefined) arbs.push(fc.constant('x'.repeat(s.maxLength + 1)));
    if (s.minLength) arbs.push(fc.constant('x'.repeat(s.minLength - 1)));
  }
  if (types.includes('integer') || types.includes('number')) {
    if (s.minimum !== undefined) arbs.push(fc.constant(s.minimum - 1));
    if (s.maximum !== undefined) arbs.push(fc.constant(s.maximum + 1));
  }
  if (types.includes('array') && s.items && depth < 3) {
    arbs.push(fc.array(invalidValue(s.items, doc, depth + 1), { minLength: 1, maxLength: 3 }));
    arbs.push(
      fc.array(validArbitrary(s.items, doc), { minLength: (s.maxItems ?? 50) + 1, maxLength: (s.maxItems ?? 50) + 1 }),
    );
    if (s.minItems) arbs.push(fc.constant([]));
  }
  if (types.includes('object') && depth < 3) arbs.push(mutatedObject(s, doc, depth + 1));
  return fc.oneof(...arbs);
}

type Mutation = (o: Record<string, unknown>) => void;

/** A valid object with one to three things wrong: a required field missing, a field invalid, an unknown field. */
function mutatedObject(schema: JsonSchema, doc: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = resolveRef(schema, doc);
  const properties = Object.entries(s.properties ?? {});
  const mutations: fc.Arbitrary<Mutation>[] = [
    fc.tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })).map(
      ([k, v]): Mutation =>
        (o) => {
          o[`x-${k}`] = v;
        },
    ),
  ];
  if (s.required?.length)
    mutations.push(
      fc.constantFrom(...s.required).map(
        (k): Mutation =>
          (o) =>
            void delete o[k],
      ),
    );
  if (properties.length) {
    mutations.push(
      fc.constantFrom(...properties).chain(([k, propSchema]) =>
        invalidValue(propSchema, doc, depth).map(
          (v): Mutation =>
            (o) => {
              o[k] = v;
            },
        ),
      ),
    );
  }
  return fc
    .tuple(validArbitrary(s, doc), fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 3 }))
    .map(([value, changes]) => {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const copy = structuredClone(value) as Record<string, unknown>;
      for (const change of changes) change(copy);
      return copy;
    });
}

const toQueryValues = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(toQueryValues)
    : [typeof value === 'string' ? value : (JSON.stringify(value) ?? '')];

const formEncode = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? new URLSearchParams(
        Object.entries(value).map(([k, v]): [string, string] => [
          k,
          typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
        ]),
      ).toString()
    : `value=${encodeURIComponent(JSON.stringify(value))}`;

interface Body {
  contentType?: string;
  text?: string;
}

/** Request bodies derived from the operation's requestBody schema, most of them wrong. */
function bodyArbitrary(schema: JsonSchema, doc: unknown): fc.Arbitrary<Body> {
  const valid = validArbitrary(schema, doc);
  const json =
    (contentType: string) =>
    (value: unknown): Body => ({ contentType, text: JSON.stringify(value) ?? '' });
  return fc.oneof(
    { weight: 2, arbitrary: valid.map(json('application/json')) },
    { weight: 6, arbitrary: invalidValue(schema, doc).map(json('application/json')) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(json('application/json; charset=utf-8')) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            '{"title": "x",}',
            "{'single': 'quotes'}",
            'undefined',
            'NaN',
            '\u0000',
            '{"a":1}{"b":2}',
          ),
          valid.map((v) => (JSON.stringify(v) ?? '').slice(0, -1)),
          fc.string({ maxLength: 40 }),
        )
        .map((text) => ({ contentType: 'application/json', text })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'Application/JSON',
            'application/jsonp',
          ),
          valid,
        )
        .map(([contentType, v]) => ({
          contentType,
          text: contentType.includes('form') ? formEncode(v) : (JSON.stringify(v) ?? ''),
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { contentType: 'application/json', text: '' },
        { contentType: 'application/json' },
        {},
      ),
    },
  );
}

interface Target {
  doc: OpenApiDoc;
  db: Database;
  send: (url: string, init: RequestInit) => Promise<Response>;
  cookie: string;
  /** The database's snapshot, read again only after a write. */
  snapshot: () => Promise<DatabaseSnapshot>;
  /** Real ids of every table, by table (the traveller's and the other traveller's), so some requests reach a row. */
  ids: Record<string, string[]>;
}

const forgedCookie = 'naav.session_token=forged.value';

/** `collection` is the path segment before the parameter ('trips' in /trips/{id}): its table's ids come up often. */
function pathValue(
  schema: JsonSchema | undefined,
  target: Target,
  collection: string | undefined,
): fc.Arbitrary<string> {
  const s = schema ?? { type: 'string' };
  const own = (collection && target.ids[collection]) || [];
  const raw = fc.oneof(
    ...(own.length ? [{ weight: 4, arbitrary: fc.constantFrom(...own) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...Object.values(target.ids).flat(), 'trip-nowhere') },
    { weight: 2, arbitrary: validArbitrary(s, target.doc).map((v) => String(v)) },
    { weight: 2, arbitrary: invalidValue(s, target.doc).map((v) => toQueryValues(v).join(',')) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%',
        '%00',
        '%2F',
        '%E0%A4%A',
        ' ',
        '?',
        '#',
        '\\',
        '../trips',
        "'; drop table trips; --",
        '-1',
        '1e309',
        'null',
        '[]',
        '{}',
      ),
    },
  );
  // Mostly percent-encoded as a client would; sometimes raw, to bend the URL itself.
  return fc
    .tuple(raw, fc.constantFrom(true, true, true, false))
    .map(([value, encode]) => (encode ? encodeURIComponent(value) : value));
}

function requestArbitrary(op: Operation, target: Target): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const collectionOf = (name: string) => op.path.split(`/{${name}}`)[0]?.split('/').at(-1);
  const path = fc
    .tuple(...pathParams.map((p) => pathValue(p.schema, target, collectionOf(p.name))))
    .map((values) => values.reduce((acc, value, i) => acc.replace(`{${pathParams[i]!.name}}`, value), op.path));
  const query = fc
    .tuple(
      fc.tuple(
        ...queryParams.map((p) => {
          const schema = p.schema ?? {};
          const value = fc.oneof(validArbitrary(schema, target.doc), invalidValue(schema, target.doc));
          return fc.option(
            value.map((v) => toQueryValues(v).map((s): [string, string] => [p.name, s])),
            { nil: [] as [string, string][], freq: p.required ? 8 : 2 },
          );
        }),
      ),
      fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })), { maxLength: 2 }),
    )
    .map(([documented, unknown]) =>
      new URLSearchParams([...(documented.flat() as [string, string][]), ...unknown]).toString(),
    );
  const auth = fc.constantFrom(
    target.cookie,
    target.cookie,
    target.cookie,
    target.cookie,
    target.cookie,
    target.cookie,
    target.cookie,
    target.cookie,
    '',
    forgedCookie,
  );
  const body: fc.Arbitrary<Body> = op.body
    ? bodyArbitrary(op.body, target.doc)
    : // Without a body (GET, DELETE): only the content-type header can be wrong.
      fc.constantFrom<Body>(
        {},
        {},
        { contentType: 'text/plain' },
        { contentType: 'application/x-www-form-urlencoded' },
        { contentType: 'application/json' },
      );
  return fc.tuple(path, query, auth, body).map(([p, q, cookie, b]) => {
    const headers: Record<string, string> = {};
    if (cookie) headers['cookie'] = cookie;
    if (b.contentType) headers['content-type'] = b.contentType;
    return new FuzzRequest(
      op.method,
      `/api${p}${q ? `?${q}` : ''}`,
      headers,
      op.method === 'GET' || op.method === 'HEAD' ? undefined : b.text,
    );
  });
}

// ------------------------------------------------------------------ the properties

/**
 * One request: never a 5xx; an error is the documented JSON shape (a 400 naming its
 * fields); a success is JSON; and a request that failed, or only reads, changes nothing.
 */
async function checkRequest(target: Target, request: FuzzRequest): Promise<number> {
  const before = await target.snapshot();
  const res = await target.send(request.url, { method: request.method, headers: request.headers, body: request.body });
  const what = `${request}`;
  expect(res.status, `${what} → ${short(await res.clone().text(), 300)}`).toBeLessThan(500);
  if (request.method !== 'HEAD') {
    if (res.status >= 400) await anyRestError(res);
    else if (res.status !== 204 && new URL(request.url, 'http://localhost').pathname.endsWith('.ics')) {
      // Calendar paths answer with the file itself (documented as text/calendar).
      expect(res.headers.get('content-type'), what).toMatch(/^text\/calendar/);
      expect(await res.text(), what).toMatch(/^BEGIN:VCALENDAR\r\n/);
    } else if (res.status !== 204) {
      expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
      JSON.parse(await res.text());
    }
  }
  if (res.status >= 400 || request.method === 'GET' || request.method === 'HEAD') {
    expect(snapshotChanges(before, await target.snapshot()), `${what} → ${res.status} changed the database`).toEqual(
      [],
    );
  }
  return res.status;
}

/** Runs the property; resolves to the statuses seen, so a test can show the requests were not all refused. */
async function fuzz(arb: fc.Arbitrary<FuzzRequest>, target: Target, numRuns = RUNS): Promise<Set<number>> {
  const statuses = new Set<number>();
  await fc.assert(
    fc.asyncProperty(arb, async (request) => void statuses.add(await checkRequest(target, request))),
    { numRuns, seed: SEED },
  );
  return statuses;
}

async function idsOf(db: Database): Promise<Record<string, string[]>> {
  const tables = await db.$client.execute(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%drizzle%'",
  );
  const ids: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const columns = await db.$client.execute(`pragma table_info("${String(name)}")`);
    if (!columns.rows.some((c) => c.name === 'id')) continue;
    const rows = await db.$client.execute(`select id from "${String(name)}" order by id limit 6`);
    if (rows.rows.length) ids[String(name)] = rows.rows.map((r) => String(r.id));
  }
  return ids;
}

// ------------------------------------------------------------------ the app

const server = await createTestServer({ now });
const app: Target = {
  doc: (await (await server.request('/api/openapi.json')).json()) as OpenApiDoc,
  db: server.db,
  snapshot: snapshotWatcher(server.db).snapshot,
  send: (url, init) => server.request(url, init),
  cookie: await server.signIn('traveller@naav.example'),
  ids: await idsOf(server.db),
};
const appOperations = operationsOf(app.doc);

describe(`REST fuzz of /api/openapi.json (seed ${SEED}, ${RUNS} runs per operation)`, () => {
  it('finds the documented operations', () => {
    expect(appOperations.length).toBeGreaterThanOrEqual(10);
    expect(appOperations.map((o) => `${o.method} ${o.path}`)).toContain('GET /trips/{id}');
  });

  for (const op of appOperations) {
    it(`${op.method} ${op.path}`, { timeout: FUZZ_TIMEOUT }, async () => {
      await fuzz(requestArbitrary(op, app), app);
    });
  }

  // A JSON body that is not an object was once spread into an empty input: a PUT with `null`
  // erased a profile. Every operation that takes a body refuses each such value, changing nothing.
  // One request per operation that takes a body: longer than one operation's fuzz.
  it('a JSON body that is not an object is 400 on every operation that takes a body', {
    timeout: FUZZ_TIMEOUT * 6,
  }, async () => {
    const withBody = appOperations.filter((o) => o.body);
    expect(withBody.length).toBeGreaterThanOrEqual(10);
    for (const op of withBody) {
      const path = op.path.replace(/\{[^}]+\}/g, (p) => (p === '{id}' ? 'trip-lisbon' : 'x'));
      for (const text of ['null', '[]', '"text"', '42', 'false', '[{}]']) {
        const request = new FuzzRequest(
          op.method,
          `/api${path}`,
          { cookie: app.cookie, 'content-type': 'application/json' },
          text,
        );
        expect(await checkRequest(app, request), `${request}`).toBe(400);
      }
    }
  });

  it('undocumented methods, bodies and content types on documented and unknown paths', {
    timeout: FUZZ_TIMEOUT,
  }, async () => {
    const paths = [...new Set(appOperations.map((o) => o.path))];
    const arb = fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...paths),
          fc
            .array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 })
            .map((s) => `/${s.map(encodeURIComponent).join('/')}`),
        ),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
        bodyArbitrary(
          {
            type: 'object',
            properties: { title: { type: 'string' }, startDate: { type: 'string', format: 'date' } },
            required: ['title'],
          },
          {},
        ),
      )
      .map(
        ([path, method, body]) =>
          new FuzzRequest(
            method,
            `/api${path.replace(/\{[^}]+\}/g, 'trip-lisbon')}`,
            { cookie: app.cookie, ...(body.contentType && { 'content-type': body.contentType }) },
            method === 'GET' || method === 'HEAD' ? undefined : body.text,
          ),
      );
    await fuzz(arb, app, 60);
  });
});

// ------------------------------------------------------------------ body-bearing operations

// Test-only procedures (restFixtureRouter: POST, PUT, PATCH with JSON bodies, GET with query
// parameters, DELETE), served by the same REST handler, prove that the body and query
// generators produce valid requests as well as invalid ones, whatever the app documents.
const fixtureDb = await createSeededDatabase(NOW);
const fixtureCookie = 'naav.session_token=fixture';
const fixtureRest = createRestHandler({
  router: restFixtureRouter,
  endpoint: '/api',
  createContext: (req) =>
    createContext({
      db: fixtureDb,
      now,
      resolveActor: async () => (req.headers.get('cookie') === fixtureCookie ? actors.traveller : null),
    }),
});
const fixture: Target = {
  doc: generateOpenApiDocument(restFixtureRouter, {
    title: 'fixture',
    version: '0',
    baseUrl: '/api',
  }) as unknown as OpenApiDoc,
  db: fixtureDb,
  snapshot: snapshotWatcher(fixtureDb).snapshot,
  send: (url, init) => fixtureRest(new Request(new URL(url, testOrigin), init)),
  cookie: fixtureCookie,
  ids: await idsOf(fixtureDb),
};
const fixtureOperations = operationsOf(fixture.doc);

describe(`REST fuzz of body-bearing operations (test fixture, seed ${SEED})`, () => {
  it('covers POST, PUT, PATCH and DELETE with bodies or query parameters', () => {
    expect(fixtureOperations.map((o) => o.method).sort()).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
    expect(fixtureOperations.filter((o) => o.body).length).toBe(3);
  });

  for (const op of fixtureOperations) {
    it(`${op.method} ${op.path}`, { timeout: FUZZ_TIMEOUT }, async () => {
      const statuses = await fuzz(requestArbitrary(op, fixture), fixture);
      // Both sides were reached: some generated requests were valid, some refused as invalid.
      expect(
        [...statuses].some((status) => status < 300),
        [...statuses].join(),
      ).toBe(true);
      expect(statuses.has(400), [...statuses].join()).toBe(true);
    });
  }
});

// Bugs the fuzzer found, pinned as ordinary tests.
describe('regressions found by the fuzzer', () => {
  const post = (body: string) =>
    fixture.send('/api/fixture/notes', {
      method: 'POST',
      headers: { cookie: fixtureCookie, 'content-type': 'application/json' },
      body,
    });

  it('a body that is not JSON is a 400 naming the body, with issues like every 400', async () => {
    // Was 400 {message, code: PARSE_ERROR} without issues: not the documented 400 shape.
    const body = await restError(await post('{"title":'), 400, 'PARSE_ERROR');
    expect(body).toEqual({
      message: 'body: not valid JSON',
      code: 'PARSE_ERROR',
      issues: [{ path: ['body'], message: 'not valid JSON' }],
    });
  });

  it('a domain ValidationError (no schema issues) is a 400 whose issue names the field', async () => {
    const note = {
      title: 'Old',
      kind: 'idea',
      date: '1980-05-01',
      amount: 0,
      rating: null,
      tags: [],
      place: { name: 'Lisbon', lat: 38.7, lng: -9.1 },
    };
    const body = await restError(await post(JSON.stringify(note)), 400, 'BAD_REQUEST');
    expect(body).toEqual({
      message: 'date: must be 1990 or later',
      code: 'BAD_REQUEST',
      issues: [{ path: ['date'], message: 'must be 1990 or later' }],
    });
    // The same note on a later date is accepted: the 400 was about the date alone.
    expect((await post(JSON.stringify({ ...note, date: '1990-01-01' }))).status).toBe(200);
  });
});
