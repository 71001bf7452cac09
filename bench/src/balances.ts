import { createClient } from '@libsql/client';
import { createDatabase, storeTripShareAmounts } from '@naav/db';
import { expenseCurrencies } from '@naav/schemas/budget';
import { getJson } from './http';
import { cpuWindow } from './lib/cpu';
import type { Row } from './table';

/**
 * Who owes whom on a large shared trip: the demo traveller's Kyoto trip gets 8 participants (the
 * owner and companions) and 10,000 expenses over the 15 currencies, each paid by one of them and
 * split among three to eight, loaded straight into the database (with each part in the base
 * currency stored as the API stores it); then GET
 * /api/trips/{id}/balances is timed over HTTP, one request at a time. The balances come from one
 * aggregate query; the settle-up among 8 people is exact. The server's CPU time per request is
 * reported beside the latencies: on a busy machine it moves far less than they do.
 */
export interface BalancesReport {
  expenses: number;
  participants: number;
  p50: number;
  p99: number;
  /** The server's CPU milliseconds per timed request (from /proc; missing elsewhere). */
  serverCpuMsPerRequest?: number;
  /** Share of the machine's CPU other processes took while timing: above ~10 % the latencies are noisy. */
  othersCpuShare?: number;
}

const tripId = 'trip-kyoto';
const expenseCount = 10_000;
const participantCount = 8;
const targetMs = 50;
const runs = 200;

/** Adds companions until the trip has `participantCount` participants; answers their ids. */
async function participants(baseUrl: string, cookie: string): Promise<string[]> {
  const read = async () =>
    ((await getJson(`${baseUrl}/api/trips/${tripId}/participants`, { cookie })) as { id: string }[]).map((p) => p.id);
  let ids = await read();
  for (let i = ids.length; i < participantCount; i++) {
    const res = await fetch(`${baseUrl}/api/trips/${tripId}/companions`, {
      method: 'POST',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench companion ${i}`, relationship: 'friend' }),
    });
    if (!res.ok) throw new Error(`adding a companion: ${res.status} ${await res.text()}`);
  }
  ids = await read();
  if (ids.length !== participantCount)
    throw new Error(`the trip has ${ids.length} participants, not ${participantCount}`);
  return ids;
}

/** The expenses and their parts, written in bulk around the API (each expense's parts sum to its amount). */
async function loadSplitExpenses(databaseUrl: string, people: readonly string[]): Promise<void> {
  const client = createClient({ url: databaseUrl });
  await client.execute('PRAGMA busy_timeout = 5000');
  const today = Date.now();
  const batch = 500;
  for (let start = 0; start < expenseCount; start += batch) {
    const rows: string[] = [];
    const args: (string | number | null)[] = [];
    const shareRows: string[] = [];
    const shareArgs: (string | number)[] = [];
    for (let i = start; i < Math.min(expenseCount, start + batch); i++) {
      // One in twenty is a refund.
      const amount = (i % 20 === 0 ? -1 : 1) * (100 + ((i * 7919) % 50_000));
      const rate = 0.5 + (i % 15) / 10;
      const id = `bench-split-${i}`;
      rows.push("(?, ?, ?, ?, ?, ?, ?, 0, ?, 0, ?, ?, ?, 'expense', ?)");
      args.push(
        id,
        tripId,
        `Shared bench expense ${i}`,
        amount,
        expenseCurrencies[i % expenseCurrencies.length]!,
        (i % 9) + 1,
        new Date(today - (i % 365) * 86_400_000).toISOString().slice(0, 10),
        rate,
        Math.round(amount * rate),
        today,
        today,
        people[i % people.length]!,
      );
      const among = people.slice(0, 3 + (i % (people.length - 2)));
      const part = Math.trunc(amount / among.length);
      among.forEach((pid, j) => {
        shareRows.push('(?, ?, ?)');
        shareArgs.push(id, pid, part + (j === 0 ? amount - part * among.length : 0));
      });
    }
    await client.batch(
      [
        {
          sql: `INSERT INTO expenses (id, tripId, title, amount, currency, categoryId, date, isReimbursable, rateToBase, rateIsManual, amountBase, createdAt, updatedAt, kind, paidBy) VALUES ${rows.join(',')}`,
          args,
        },
        {
          sql: `INSERT INTO expense_shares (expenseId, participantId, amount) VALUES ${shareRows.join(',')}`,
          args: shareArgs,
        },
      ],
      'write',
    );
  }
  // Each part in the base currency and the payer's remainder, as the API stores them with every expense.
  const db = createDatabase({ url: databaseUrl });
  const [parts, remainder] = storeTripShareAmounts(tripId);
  await db.batch([db.run(parts), db.run(remainder)]);
  db.$client.close();
  await client.execute('ANALYZE');
  client.close();
}

export async function benchBalances(
  baseUrl: string,
  cookie: string,
  databaseUrl: string,
  serverPgid: number,
): Promise<BalancesReport> {
  const people = await participants(baseUrl, cookie);
  console.log(`Balances: loading ${expenseCount.toLocaleString('en-US')} split expenses among ${people.length}…`);
  await loadSplitExpenses(databaseUrl, people);
  const url = `${baseUrl}/api/trips/${tripId}/balances`;
  const first = (await getJson(url, { cookie })) as { balances: { net: number }[] };
  if (first.balances.reduce((sum, b) => sum + b.net, 0) !== 0) throw new Error('the balances do not sum to zero');
  for (let i = 0; i < 10; i++) await getJson(url, { cookie });
  const samples: number[] = [];
  const endWindow = cpuWindow(serverPgid);
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await getJson(url, { cookie });
    samples.push(performance.now() - started);
  }
  const cpu = endWindow();
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  const report: BalancesReport = {
    expenses: expenseCount,
    participants: people.length,
    p50: at(0.5),
    p99: at(0.99),
    ...(cpu
      ? {
          serverCpuMsPerRequest: Math.round((cpu.targetMs / runs) * 10) / 10,
          othersCpuShare: Math.round(cpu.othersShare * 1000) / 1000,
        }
      : {}),
  };
  console.log(
    `Balances: p50 ${report.p50.toFixed(1)} ms, p99 ${report.p99.toFixed(1)} ms against < ${targetMs} ms: ${report.p99 < targetMs ? 'PASS' : 'FAIL'}` +
      (cpu
        ? ` (server CPU ${report.serverCpuMsPerRequest} ms a request; other processes took ${Math.round(cpu.othersShare * 100)} % of the CPUs)`
        : ''),
  );
  return report;
}

export function balancesRows(r: BalancesReport): Row[] {
  const at = `${r.expenses.toLocaleString('en-US')} expenses, ${r.participants} participants`;
  return [
    { metric: `balances and settle-up, ${at} p50`, value: `${r.p50.toFixed(1)} ms` },
    ...(r.serverCpuMsPerRequest === undefined
      ? []
      : [{ metric: `balances and settle-up, ${at} server CPU a request`, value: `${r.serverCpuMsPerRequest} ms` }]),
    {
      metric: `balances and settle-up, ${at} p99`,
      value: `${r.p99.toFixed(1)} ms`,
      target: `< ${targetMs} ms`,
      pass: r.p99 < targetMs,
    },
  ];
}
