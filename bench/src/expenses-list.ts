import { createClient } from '@libsql/client';
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { loadExpenses, tripId } from './budget';
import { load, type LoadOptions, type LoadResult } from './http';
import { groupCpuMs } from './lib/cpu';
import type { Row } from './table';

/**
 * A trip's whole expense list (`GET /api/trips/{id}/expenses`, no paging: streamed), as a budget
 * screen or an integrator reads it, on the demo traveller's Lisbon trip grown by 1,000 expenses:
 * autocannon (at most 8 connections) loads it once as plain JSON and once with `Accept-Encoding: gzip`, and the server's
 * CPU time per request (from /proc) ÷ the rows answered is the figure. Target: ≤ 8 µs a row.
 * A list read again before any change is answered from the bytes the server kept; the last row
 * reads it anew each time (an expense changed before each read), as the first read after a change.
 */
export interface ExpensesListReport {
  rows: number;
  /** Bytes of one answer: as JSON, and gzipped. */
  bytes: { json: number; gzip: number };
  json: LoadResult & { cpuUsPerRow?: number };
  gzip: LoadResult & { cpuUsPerRow?: number };
  /** Server CPU per row when an expense changed before each read, so that each is read anew (not from the kept list): as JSON, and gzipped. */
  changedCpuUsPerRow: { json: number; gzip: number };
}

const addedExpenses = 1_000;
const targetUsPerRow = 8;
/** Connections at once: a few, since each answer is 700 kB; 50 leave requests waiting past autocannon's timeout on a busy machine. */
const maxConnections = 8;

export async function benchExpensesList(
  baseUrl: string,
  cookie: string,
  databaseUrl: string,
  serverPgid: number,
  opts: LoadOptions,
): Promise<ExpensesListReport> {
  await loadExpenses(databaseUrl, 0, addedExpenses);
  const url = `${baseUrl}/api/trips/${tripId}/expenses`;
  const plain = await fetch(url, { headers: { cookie } });
  const text = await plain.text();
  if (plain.status !== 200) throw new Error(`GET ${url} answered ${plain.status}: ${text.slice(0, 300)}`);
  const rows = (JSON.parse(text) as unknown[]).length;
  if (rows < addedExpenses)
    throw new Error(`GET ${url} answered ${rows} expenses, fewer than the ${addedExpenses} loaded`);
  // fetch would undo the gzip: node's own request, asking for it, reads the bytes as sent.
  const zipped = await new Promise<Buffer>((resolve, reject) => {
    get(url, { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () =>
        res.headers['content-encoding'] === 'gzip'
          ? resolve(Buffer.concat(parts))
          : reject(new Error(`GET ${url} with Accept-Encoding: gzip was not gzipped`)),
      );
    }).on('error', reject);
  });
  if (gunzipSync(zipped).toString() !== text) throw new Error(`GET ${url}: the gzipped answer is not the JSON one`);
  console.log(`Expense list: ${rows} rows, ${text.length} bytes (${zipped.length} gzipped), as JSON then gzip…`);
  const perRow = (r: LoadResult) => ({
    ...r,
    ...(r.serverCpuUsPerRequest !== undefined
      ? { cpuUsPerRow: Math.round((r.serverCpuUsPerRequest / rows) * 10) / 10 }
      : {}),
  });
  const few = { ...opts, connections: Math.min(opts.connections, maxConnections) };
  const json = perRow(await load(url, { cookie }, few, serverPgid));
  const gzip = perRow(await load(url, { cookie, 'accept-encoding': 'gzip' }, few, serverPgid));
  const changedCpuUsPerRow = {
    json: await readAfterChanges(url, { cookie, 'accept-encoding': 'identity' }, databaseUrl, serverPgid, rows),
    gzip: await readAfterChanges(url, { cookie, 'accept-encoding': 'gzip' }, databaseUrl, serverPgid, rows),
  };
  return { rows, bytes: { json: text.length, gzip: zipped.length }, json, gzip, changedCpuUsPerRow };
}

/** The list read 30 times, one at a time, an expense changed (from here, not by the server) before each read. */
async function readAfterChanges(
  url: string,
  headers: Record<string, string>,
  databaseUrl: string,
  serverPgid: number,
  rows: number,
) {
  const client = createClient({ url: databaseUrl });
  await client.execute('PRAGMA busy_timeout = 5000');
  const rounds = 30;
  let cpuMs = 0;
  try {
    for (let i = 0; i < rounds; i++) {
      await client.execute({ sql: 'UPDATE expenses SET amount = amount + 1 WHERE id = ?', args: ['bench-expense-0'] });
      const before = groupCpuMs(serverPgid);
      // fetch would ask for gzip by itself: node's own request sends the headers as given.
      await new Promise<void>((resolve, reject) =>
        get(url, { headers }, (res) => res.on('data', () => undefined).on('end', resolve)).on('error', reject),
      );
      cpuMs += groupCpuMs(serverPgid) - before;
    }
  } finally {
    client.close();
  }
  return Math.round(((cpuMs * 1000) / rounds / rows) * 10) / 10;
}

export function expensesListRows(r: ExpensesListReport): Row[] {
  const out: Row[] = [];
  for (const [name, result] of [
    ['JSON', r.json],
    ['gzip', r.gzip],
  ] as const) {
    const label = `whole expense list, ${r.rows} rows (${name}, ${((name === 'JSON' ? r.bytes.json : r.bytes.gzip) / 1000).toFixed(0)} kB)`;
    out.push({ metric: `${label} req/s`, value: result.requestsPerSecond.toFixed(1) });
    if (result.cpuUsPerRow !== undefined)
      out.push({
        metric: `${label} server CPU per row`,
        value: `${result.cpuUsPerRow} µs (${(result.serverCpuUsPerRequest! / 1000).toFixed(1)} ms a request)`,
        target: `≤ ${targetUsPerRow} µs`,
        pass: result.cpuUsPerRow <= targetUsPerRow,
      });
    out.push({ metric: `${label} p50 / p99`, value: `${result.latencyMs.p50} / ${result.latencyMs.p99} ms` });
  }
  for (const name of ['json', 'gzip'] as const)
    out.push({
      metric: `whole expense list, ${r.rows} rows (${name === 'json' ? 'JSON' : 'gzip'}), read anew after each change: server CPU per row`,
      value: `${r.changedCpuUsPerRow[name]} µs`,
    });
  return out;
}
