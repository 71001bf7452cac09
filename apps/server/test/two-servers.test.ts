import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { embeddedRates, sidewaysJpegWithGps, webpChunks } from '@naav/api/testing';
import { createDatabase, type Database } from '@naav/db';
import { photoFiles } from '@naav/db/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBundle, startAppProcess, type AppProcess } from './app-processes';
import { cookieHeader, testOrigin } from './harness';

/**
 * Two production app processes of the built server on one database file, each with its own
 * data folder, as two machines behind a load balancer would run; a client alternates
 * between them. Nothing a request needs may live in one process only.
 */
const secret = 'two-servers-test-secret-0123456789abcdef';
const rootDir = fileURLToPath(new URL('../../..', import.meta.url));

let bundle: string;
let folder: string;
let databaseUrl: string;
let db: Database;
let a: AppProcess;
let b: AppProcess;
const started: AppProcess[] = [];

// The rates provider: one table for 2026-03-09 (1 EUR = 1.25 USD), and a count of the requests.
let providerRequests = 0;
let provider: Server;
let ratesUrl: string;
const ratesXml = `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope><Cube><Cube time='2026-03-09'>
${Object.entries({ ...embeddedRates.perEuro, USD: 1.25 })
  .filter(([code]) => code !== 'EUR' && code !== 'AED')
  .map(([code, rate]) => `<Cube currency='${code}' rate='${rate}'/>`)
  .join('\n')}</Cube></Cube></gesmes:Envelope>`;

const production = (extra: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  AUTH_SECRET: secret,
  DATABASE_URL: databaseUrl,
  ...extra,
});

async function start(name: string, env: Record<string, string>): Promise<AppProcess> {
  const app = await startAppProcess(bundle, { dataDir: join(folder, name), env });
  started.push(app);
  return app;
}

let shippedOnB: { date: string } | undefined;

beforeAll(async () => {
  bundle = serverBundle();
  folder = await mkdtemp(join(tmpdir(), 'naav-two-servers-'));
  databaseUrl = `file:${join(folder, 'shared.db')}`;
  provider = createServer((_req, res) => {
    providerRequests += 1;
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(ratesXml);
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  ratesUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/eurofxref-daily.xml`;

  // B first, without a rates provider: it loads the demo into the empty database and uses the shipped table.
  b = await start('b', production());
  shippedOnB = (await (
    await fetch(`${b.baseUrl}/api/currencies/rates?base=EUR`, { headers: { cookie: await signIn(b) } })
  ).json()) as { date: string };
  // A imports the day's rates as it starts.
  a = await start('a', production({ RATES_URL: ratesUrl }));
  db = createDatabase({ url: databaseUrl });
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map((app) => app.stop()));
  db?.$client.close();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
  await rm(folder, { recursive: true, force: true });
});

async function signIn(app: AppProcess, email = 'traveller@naav.example'): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.baseUrl },
    body: JSON.stringify({ email, password: 'naav-demo' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieHeader(res);
}

const call = (app: AppProcess, path: string, cookie: string, init: RequestInit = {}) =>
  fetch(`${app.baseUrl}${path}`, {
    ...init,
    headers: { cookie, origin: app.baseUrl, ...(init.headers as Record<string, string> | undefined) },
  });

describe('two app servers on one database', () => {
  it('a session started on A works on B', { timeout: 60_000 }, async () => {
    const cookie = await signIn(a);
    const me = await call(b, '/api/me', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'traveller@naav.example' });
    expect((await call(b, '/api/trips/trip-lisbon', cookie)).status).toBe(200);
  });

  it('a whole expense list A keeps shows at once an expense added, then deleted, through B', {
    timeout: 60_000,
  }, async () => {
    const cookie = await signIn(a);
    const list = async () => {
      const res = await call(a, '/api/trips/trip-lisbon/expenses', cookie);
      expect(res.status).toBe(200);
      return {
        kept: res.headers.has('content-length'),
        ids: ((await res.json()) as { id: string }[]).map((e) => e.id),
      };
    };
    await list();
    const before = await list();
    expect(before.kept).toBe(true);
    const added = await call(b, '/api/expenses', cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tripId: 'trip-lisbon',
        title: 'Pastéis de nata',
        amount: 450,
        currency: 'EUR',
        categoryId: 3,
        date: new Date().toISOString().slice(0, 10),
        allowOutsideTrip: true,
      }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const { id } = (await added.json()) as { id: string };
    const withIt = await list();
    expect(withIt.kept).toBe(false);
    expect(withIt.ids).toEqual(expect.arrayContaining([id, ...before.ids]));
    expect((await call(b, `/api/expenses/${id}`, cookie, { method: 'DELETE' })).status).toBe(200);
    expect((await list()).ids).toEqual(before.ids);
  });

  it('a photo uploaded through A is served by B, photo and thumbnail; deleted through B it is gone on A', {
    timeout: 60_000,
  }, async () => {
    const cookie = await signIn(a);
    const form = new FormData();
    form.append('file', new File([await sidewaysJpegWithGps()], 'castle.jpg', { type: 'image/jpeg' }));
    const uploaded = await call(a, '/api/trips/trip-lisbon/photos', cookie, { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const [photo] = (await uploaded.json()) as { id: string; url: string; thumbnailUrl: string }[];

    for (const path of [photo!.url, photo!.thumbnailUrl]) {
      const res = await call(b, path, cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(webpChunks(bytes).filter((chunk) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(chunk))).toEqual([]);
      // Upright (it came 400 × 200 with orientation 6), and under 480 px already, so the thumbnail has the same size.
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 200, height: 400 });
    }
    // The bytes are in the database, not in either server's data folder.
    expect(await db.select({ key: photoFiles.key }).from(photoFiles)).toHaveLength(2);
    for (const name of ['a', 'b'])
      expect(
        existsSync(join(folder, name, 'data/photos')) ? await readdir(join(folder, name, 'data/photos')) : [],
      ).toEqual([]);

    expect((await call(b, `/api/photos/${photo!.id}`, cookie, { method: 'DELETE' })).status).toBe(200);
    for (const path of [photo!.url, photo!.thumbnailUrl]) expect((await call(a, path, cookie)).status).toBe(404);
    expect(await db.select({ key: photoFiles.key }).from(photoFiles)).toEqual([]);
  });

  it('the rates table A imported is the one B uses at once, and B keeps it after a restart with the provider out of reach', {
    timeout: 120_000,
  }, async () => {
    const cookie = await signIn(a);
    expect(shippedOnB?.date).toBe(embeddedRates.date);
    // A's import at start (one request to the provider, for both servers); B sees it with no restart.
    await expect
      .poll(
        async () => ((await (await call(b, '/api/currencies/rates?base=EUR', cookie)).json()) as { date: string }).date,
        { timeout: 20_000 },
      )
      .toBe('2026-03-09');
    expect(providerRequests).toBe(1);

    // Both freeze the same rate into new expenses (USD into the Lisbon trip's euros).
    const expense = {
      tripId: 'trip-lisbon',
      title: 'Tram',
      amount: 1_250,
      currency: 'USD',
      categoryId: 2,
      date: new Date().toISOString().slice(0, 10),
    };
    const post = async (app: AppProcess) => {
      const res = await call(app, '/api/expenses', cookie, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(expense),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as { exchangeRate: number; amountInBase: number };
    };
    const [onA, onB] = [await post(a), await post(b)];
    expect(onA).toMatchObject({ exchangeRate: 0.8, amountInBase: 1_000 });
    expect(onB).toMatchObject({ exchangeRate: 0.8, amountInBase: 1_000 });

    // B restarts with RATES_URL pointing nowhere: it answers the stored table, not the shipped one.
    await b.stop();
    b = await start('b', production({ RATES_URL: 'http://127.0.0.1:9/eurofxref-daily.xml' }));
    expect(await (await call(b, '/api/currencies/rates?base=EUR', cookie)).json()).toMatchObject({
      date: '2026-03-09',
      rates: { USD: 1.25 },
    });
    expect(await post(b)).toMatchObject({ exchangeRate: 0.8, amountInBase: 1_000 });
    // The stored import was recent: nobody asked the provider again.
    expect(providerRequests).toBe(1);
  });
});

describe("an API token's quota on two app servers", () => {
  it('is one quota: requests alternating between A and B pass exactly the limit together, then 429 on both', {
    timeout: 120_000,
  }, async () => {
    const cookie = await signIn(a);
    const created = await call(a, '/api/tokens', cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Two servers', scopes: ['trips:read'] }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { token } = (await created.json()) as { token: string };
    // 600 a minute by default: 800 requests, 20 at a time, half to each server.
    const answers: Response[] = [];
    for (let round = 0; round < 40; round++) {
      const sent = Array.from({ length: 20 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } }),
      );
      for (const res of await Promise.all(sent)) {
        answers.push(res);
        await res.arrayBuffer();
      }
    }
    const passed = answers.filter((res) => res.status === 200);
    expect(passed).toHaveLength(600);
    const refused = answers.filter((res) => res.status !== 200);
    expect(new Set(refused.map((res) => res.status))).toEqual(new Set([429]));
    for (const res of [...passed, ...refused]) expect(res.headers.get('ratelimit-policy')).toBe('"token";q=600;w=60');
    for (const res of refused) {
      expect(res.headers.get('ratelimit')).toMatch(/^"token";r=0;t=\d+$/);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Both servers refuse once it is spent.
    for (const app of [a, b])
      expect((await fetch(`${app.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
        429,
      );
  });
});

describe('the REST contract suite through a pair of app servers', () => {
  let pair: AppProcess[] = [];
  let pairDatabase: string;

  beforeAll(async () => {
    pairDatabase = `file:${join(folder, 'contract.db')}`;
    // Test mode: the contract files pin "today" with the clock header, which production refuses.
    const env = {
      NODE_ENV: 'test',
      TEST_CLOCK_HEADER: 'true',
      // The contract files seed the shared database with the test servers' cheap hash (harness.ts).
      TEST_FAST_PASSWORD_HASH: 'true',
      AUTH_SECRET: secret,
      DATABASE_URL: pairDatabase,
      TRUSTED_ORIGINS: testOrigin,
      AUTH_RATE_LIMIT: 'false',
      DEMO_DATA: 'off',
      LOG_REQUESTS: 'true',
      // Reminders are computed at start and then hourly: none is written while the files snapshot the database.
      NOTIFICATION_RUN_MS: '3600000',
    };
    pair = [await start('contract-a', env), await start('contract-b', env)];
  }, 120_000);

  // Every REST contract file again, one after another, through two app processes: on a busy 2-core machine (a load
  // of 20 and more) this alone passed 15 minutes, so it has half an hour.
  it('passes, every file alternating its requests between the two', { timeout: 1_800_000 }, async () => {
    const files = (await readdir(join(rootDir, 'apps/server/test')))
      .filter((f) => f.endsWith('.rest.test.ts'))
      .map((f) => `apps/server/test/${f}`);
    expect(files.length).toBeGreaterThan(10);
    const run = spawn(
      join(rootDir, 'node_modules/.bin/vitest'),
      ['run', '--config', 'vitest.workspace.ts', '--project', 'server', '--no-file-parallelism', ...files],
      {
        cwd: rootDir,
        env: {
          ...process.env,
          NAAV_TEST_SERVERS: pair.map((p) => p.baseUrl).join(','),
          NAAV_TEST_DATABASE_URL: pairDatabase,
          // Each server writes its mail under its own data folder (no SMTP_URL).
          NAAV_TEST_MAIL_DIRS: ['contract-a', 'contract-b'].map((name) => join(folder, name, 'data', 'mail')).join(','),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
    const plain = stripVTControlCharacters(output);
    expect(code, plain.slice(-6_000)).toBe(0);
    expect(plain).toMatch(new RegExp(`Test Files\\s+${files.length} passed`));
    // Both servers answered about half of the requests each (one log line per request).
    const answered = pair.map((p) => p.output().match(/^(GET|POST|PUT|PATCH|DELETE) \/api\//gm)?.length ?? 0);
    const total = answered[0]! + answered[1]!;
    expect(total).toBeGreaterThan(400);
    for (const count of answered) expect(count).toBeGreaterThan(total * 0.4);
  });
});
