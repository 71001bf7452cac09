import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddedRates, readRateTable } from '@naav/api/testing';
import { acquireLease, type Database } from '@naav/db';
import { createTestDatabase } from '@naav/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRatesRefresh } from '../src/rates-refresh';

// A local stand-in for the provider: its answer is whatever the test sets, after `delayMs`.
let answer: { status: number; type: string; body: string; delayMs?: number } = {
  status: 200,
  type: 'application/xml',
  body: '',
};
let requests = 0;
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_req, res) => {
    requests += 1;
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': answer.type });
      res.end(answer.body);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// The database every app server shares; each test starts without any stored table.
let db: Database;
beforeEach(async () => {
  db = await createTestDatabase();
  requests = 0;
});

const ecbXml = (date: string, usd: number) => `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time='${date}'>
    <Cube currency='USD' rate='${usd}'/><Cube currency='JPY' rate='180.50'/><Cube currency='GBP' rate='0.8790'/>
    <Cube currency='CAD' rate='1.6200'/><Cube currency='AUD' rate='1.7800'/><Cube currency='CHF' rate='0.9300'/>
    <Cube currency='CNY' rate='8.2000'/><Cube currency='INR' rate='102.50'/><Cube currency='MXN' rate='21.300'/>
    <Cube currency='SGD' rate='1.5100'/><Cube currency='NZD' rate='2.0500'/><Cube currency='THB' rate='37.500'/>
    <Cube currency='BRL' rate='6.2000'/><Cube currency='ZAR' rate='20.100'/>
  </Cube></Cube>
</gesmes:Envelope>`;

describe('daily exchange-rate refresh', () => {
  it('imports the ECB daily XML, then keeps it when the provider fails, logging why', async () => {
    const logs: string[] = [];
    answer = { status: 200, type: 'application/xml', body: ecbXml('2026-03-09', 1.2) };
    const job = startRatesRefresh({ db, url, log: (l) => logs.push(l) });
    expect(await job.first).toBe('imported');
    expect(await readRateTable(db)).toMatchObject({
      date: '2026-03-09',
      perEuro: { USD: 1.2, JPY: 180.5, AED: 1.2 * 3.6725 },
    });

    answer = { status: 503, type: 'text/plain', body: 'maintenance' };
    expect(await job.refresh({ force: true })).toBe('failed');
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ base: 'EUR', date: '2026-03-10', rates: { USD: 1.3 } }),
    };
    expect(await job.refresh({ force: true })).toBe('failed');
    job.stop();
    expect((await readRateTable(db)).date).toBe('2026-03-09');
    expect(logs[1]).toMatch(/failed \(the provider answered 503\); keeping the rates of 2026-03-09/);
    expect(logs[2]).toMatch(/no usable rate for .*GBP/);
  });

  it('reads a Frankfurter-style JSON', async () => {
    const rates = {
      USD: 1.1,
      JPY: 170,
      GBP: 0.85,
      CAD: 1.5,
      AUD: 1.7,
      CHF: 0.95,
      CNY: 8,
      INR: 100,
      MXN: 20,
      SGD: 1.45,
      NZD: 1.9,
      THB: 36,
      BRL: 6,
    };
    answer = {
      status: 200,
      type: 'application/json',
      body: JSON.stringify({ amount: 1, base: 'EUR', date: '2026-03-10', rates }),
    };
    const job = startRatesRefresh({ db, url, log: () => undefined });
    expect(await job.first).toBe('imported');
    job.stop();
    expect(await readRateTable(db)).toMatchObject({ date: '2026-03-10', perEuro: { USD: 1.1, EUR: 1 } });
  });

  it('keeps the shipped table when the provider cannot be reached', async () => {
    const shipped = await readRateTable(db);
    expect(shipped).toEqual(embeddedRates);
    const logs: string[] = [];
    const job = startRatesRefresh({ db, url: 'http://127.0.0.1:9/rates', timeoutMs: 2000, log: (l) => logs.push(l) });
    expect(await job.first).toBe('failed');
    job.stop();
    expect(await readRateTable(db)).toEqual(shipped);
    expect(logs[0]).toContain(`keeping the rates of ${shipped.date}`);
  });
});

describe('the refresh across several app servers', () => {
  it('runs one import at a time: while one server fetches, the others leave it to that one', async () => {
    answer = { status: 200, type: 'application/xml', body: ecbXml('2026-03-09', 1.2), delayMs: 300 };
    const jobs = ['server-a', 'server-b', 'server-c'].map((holder) =>
      startRatesRefresh({ db, url, holder, log: () => undefined }),
    );
    const outcomes = await Promise.all(jobs.map((job) => job.first));
    for (const job of jobs) job.stop();
    expect(outcomes.sort()).toEqual(['elsewhere', 'elsewhere', 'imported']);
    expect(requests).toBe(1);
    expect((await readRateTable(db)).date).toBe('2026-03-09');
  });

  it('does not fetch again while the stored import is recent: a restart with the provider down keeps the stored table', async () => {
    answer = { status: 200, type: 'application/xml', body: ecbXml('2026-03-09', 1.2) };
    const first = startRatesRefresh({ db, url, holder: 'server-a', log: () => undefined });
    expect(await first.first).toBe('imported');
    first.stop();
    // Server B starts later (or restarts) and cannot reach the provider: it never needed to.
    const logs: string[] = [];
    const restarted = startRatesRefresh({
      db,
      url: 'http://127.0.0.1:9/rates',
      holder: 'server-b',
      timeoutMs: 2000,
      log: (l) => logs.push(l),
    });
    expect(await restarted.first).toBe('up-to-date');
    expect(await readRateTable(db)).toMatchObject({ date: '2026-03-09', perEuro: { USD: 1.2 } });
    // Even a forced attempt that fails leaves the stored table in use, not the shipped one.
    expect(await restarted.refresh({ force: true })).toBe('failed');
    restarted.stop();
    expect(logs.at(-1)).toContain('keeping the rates of 2026-03-09');
    expect((await readRateTable(db)).date).toBe('2026-03-09');
    expect(requests).toBe(1);
  });

  it('takes over the lease of a server that died while importing, once its time has run out', async () => {
    answer = { status: 200, type: 'application/xml', body: ecbXml('2026-03-09', 1.2) };
    // A server took the lease a minute ago for 30 seconds and never came back.
    expect(await acquireLease(db, 'rates-refresh', 'crashed-server', 30_000, new Date(Date.now() - 60_000))).toBe(true);
    const job = startRatesRefresh({ db, url, holder: 'server-b', log: () => undefined });
    expect(await job.first).toBe('imported');
    job.stop();
    // A live lease is respected.
    expect(await acquireLease(db, 'rates-refresh', 'server-c', 30_000)).toBe(true);
    const blocked = startRatesRefresh({ db, url, holder: 'server-b', log: () => undefined });
    expect(await blocked.refresh({ force: true })).toBe('elsewhere');
    blocked.stop();
  });
});
