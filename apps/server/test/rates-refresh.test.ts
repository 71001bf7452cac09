import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { currentRateTable, resetRateTable } from '@naav/api/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRatesRefresh } from '../src/rates-refresh';

// A local stand-in for the provider: its answer is whatever the test sets.
let answer: { status: number; type: string; body: string } = { status: 200, type: 'application/xml', body: '' };
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => resetRateTable());

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
    const job = startRatesRefresh({ url, log: (l) => logs.push(l) });
    expect(await job.first).toBe(true);
    expect(currentRateTable()).toMatchObject({ date: '2026-03-09', perEuro: { USD: 1.2, JPY: 180.5, AED: 1.2 * 3.6725 } });

    answer = { status: 503, type: 'text/plain', body: 'maintenance' };
    expect(await job.refresh()).toBe(false);
    answer = { status: 200, type: 'application/json', body: JSON.stringify({ base: 'EUR', date: '2026-03-10', rates: { USD: 1.3 } }) };
    expect(await job.refresh()).toBe(false);
    job.stop();
    expect(currentRateTable().date).toBe('2026-03-09');
    expect(logs[1]).toMatch(/failed \(the provider answered 503\); keeping the rates of 2026-03-09/);
    expect(logs[2]).toMatch(/no usable rate for .*GBP/);
  });

  it('reads a Frankfurter-style JSON', async () => {
    const rates = { USD: 1.1, JPY: 170, GBP: 0.85, CAD: 1.5, AUD: 1.7, CHF: 0.95, CNY: 8, INR: 100, MXN: 20, SGD: 1.45, NZD: 1.9, THB: 36, BRL: 6 };
    answer = { status: 200, type: 'application/json', body: JSON.stringify({ amount: 1, base: 'EUR', date: '2026-03-10', rates }) };
    const job = startRatesRefresh({ url, log: () => undefined });
    expect(await job.first).toBe(true);
    job.stop();
    expect(currentRateTable()).toMatchObject({ date: '2026-03-10', perEuro: { USD: 1.1, EUR: 1 } });
  });

  it('keeps the shipped table when the provider cannot be reached', async () => {
    const shipped = currentRateTable();
    const logs: string[] = [];
    const job = startRatesRefresh({ url: 'http://127.0.0.1:9/rates', timeoutMs: 2000, log: (l) => logs.push(l) });
    expect(await job.first).toBe(false);
    job.stop();
    expect(currentRateTable()).toBe(shipped);
    expect(logs[0]).toContain(`keeping the rates of ${shipped.date}`);
  });
});
