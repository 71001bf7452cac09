import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import autocannon from 'autocannon';
import { signIn } from './http';
import { groupCpuMs } from './lib/cpu';
import { freePort, startChild, type Child } from './lib/processes';
import type { Row } from './table';

/**
 * Start-up time and memory of the production server: spawn → first answer on an existing
 * database and on a fresh one (migrations and the demo), and the resident memory of every
 * process the start command leaves running (a wrapper such as tsx included) when idle, after
 * 60 s of mixed load, and while serving a 5,000-travel journal.
 */
export interface StartupReport {
  command: string;
  existingDbMs: number[];
  freshDbMs: number[];
  /** CPU time (user + system, every process of the group) spent until the first answer: less sensitive to a busy machine. */
  existingDbCpuMs: number[];
  freshDbCpuMs: number[];
  rssMb: { idle: number; afterLoad: number; loadPeak: number; journal: number; journalPeak: number };
  loadSeconds: number;
  loadRequests: number;
  journalTravels: number;
}

const demo = { email: 'traveller@naav.example', password: 'naav-demo' };

/**
 * How the server of `serverRoot` starts in production: the built bundle when there is one, with the
 * Node flags of apps/server's start script (`node --flag … dist/main.js`), else tsx on the sources.
 */
export function serverCommand(serverRoot: string): { command: string; args: string[]; label: string } {
  const bundle = join(serverRoot, 'apps/server/dist/main.js');
  if (existsSync(bundle)) {
    const flags = startScriptFlags(serverRoot);
    const label = ['node', ...flags, 'apps/server/dist/main.js'].join(' ');
    return { command: process.execPath, args: [...flags, bundle], label };
  }
  const sources = join(serverRoot, 'apps/server/src/main.ts');
  return {
    command: join(serverRoot, 'apps/server/node_modules/.bin/tsx'),
    args: [sources],
    label: 'tsx apps/server/src/main.ts',
  };
}

/** The flags between `node` and `dist/main.js` in apps/server's start script (none in older checkouts). */
function startScriptFlags(serverRoot: string): string[] {
  const manifest = JSON.parse(readFileSync(join(serverRoot, 'apps/server/package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const words = manifest.scripts?.start?.split(/\s+/) ?? [];
  const node = words.indexOf('node');
  const main = words.indexOf('dist/main.js');
  if (node < 0 || main < node) return [];
  return words.slice(node + 1, main).filter((word) => word.startsWith('--'));
}

/** Resident memory (MB) of every process in a process group, from /proc. */
export function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      kb += Number(rss?.[1] ?? 0);
    } catch {
      // Gone in the meantime.
    }
  }
  return Math.round(kb / 1024);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Started {
  child: Child;
  baseUrl: string;
  /** Spawn → first answer of GET /api/health, in ms. */
  readyMs: number;
  readyCpuMs: number;
}

async function start(
  serverRoot: string,
  databaseUrl: string,
  env: (extra: Record<string, string>) => Record<string, string>,
  dataDir: string,
): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { command, args } = serverCommand(serverRoot);
  const started = performance.now();
  const child = startChild('server', command, args, {
    cwd: dataDir,
    env: env({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT: 'false',
      LOG_REQUESTS: 'false',
      DEMO_DATA: 'auto',
    }),
  });
  // Polled tightly: the figure is the time to the first answer, not to the next poll.
  for (;;) {
    if (child.exited()) throw new Error(`the server exited before answering:\n${child.output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 60_000) throw new Error(`no answer within 60 s:\n${child.output()}`);
    await sleep(5);
  }
  return {
    child,
    baseUrl,
    readyMs: Math.round(performance.now() - started),
    readyCpuMs: Math.round(groupCpuMs(child.pid)),
  };
}

/** Adds `count` past travels to the demo traveller's journal, straight into the database. */
async function addTravels(databaseUrl: string, count: number): Promise<void> {
  const client = createClient({ url: databaseUrl });
  await client.execute('PRAGMA busy_timeout = 5000');
  const owner = (await client.execute({ sql: 'SELECT id FROM user WHERE email = ?', args: [demo.email] })).rows[0]?.[
    'id'
  ];
  if (typeof owner !== 'string') throw new Error('the demo traveller is missing');
  for (let start = 0; start < count; start += 500) {
    const values: string[] = [];
    const args: (string | number)[] = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const year = 2000 + (i % 24);
      const day = String(1 + (i % 27)).padStart(2, '0');
      values.push('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      args.push(
        `bench-travel-${i}`,
        owner,
        `Bench travel ${i}`,
        i % 2 ? 'Lisbon, Portugal' : 'Kyoto, Japan',
        `${year}-03-${day}`,
        `${year}-03-${String(Number(day) + 1).padStart(2, '0')}`,
        `A journal entry written for the memory bench, number ${i}.`,
        JSON.stringify(['Old town at dusk', 'A long lunch']),
        JSON.stringify(['Family']),
        38.7 + (i % 10) / 100,
        Date.now(),
      );
    }
    await client.execute({
      sql: `INSERT INTO travels (id, ownerId, title, location, startDate, endDate, description, highlights, tags, latitude, createdAt) VALUES ${values.join(',')}`,
      args,
    });
  }
  client.close();
}

/** Samples the group's RSS every 200 ms while `work` runs; returns the peak. */
async function peakRss(pgid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = groupRssMb(pgid);
  const timer = setInterval(() => {
    peak = Math.max(peak, groupRssMb(pgid));
  }, 200);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, groupRssMb(pgid));
}

export async function benchStartup(
  serverRoot: string,
  env: (extra: Record<string, string>) => Record<string, string>,
  { runs = 5, loadSeconds = 60, journalTravels = 5_000 } = {},
): Promise<StartupReport> {
  const tmp = mkdtempSync(join(tmpdir(), 'naav-startup-'));
  try {
    const existingDb = `file:${join(tmp, 'existing.db')}`;
    const freshDbMs: number[] = [];
    const existingDbMs: number[] = [];
    const freshDbCpuMs: number[] = [];
    const existingDbCpuMs: number[] = [];
    console.log(`Start-up: ${runs} starts on a fresh database, ${runs} on an existing one…`);
    for (let i = 0; i < runs; i++) {
      // Each fresh start gets its own empty file (the first one also becomes the "existing" database).
      const url = i === 0 ? existingDb : `file:${join(tmp, `fresh-${i}.db`)}`;
      const server = await start(serverRoot, url, env, tmp);
      freshDbMs.push(server.readyMs);
      freshDbCpuMs.push(server.readyCpuMs);
      await server.child.stop();
    }
    for (let i = 0; i < runs; i++) {
      const server = await start(serverRoot, existingDb, env, tmp);
      existingDbMs.push(server.readyMs);
      existingDbCpuMs.push(server.readyCpuMs);
      await server.child.stop();
    }

    console.log(`Memory: idle, ${loadSeconds} s of mixed load, a ${journalTravels}-travel journal…`);
    const server = await start(serverRoot, existingDb, env, tmp);
    try {
      const pgid = server.child.pid;
      const cookie = await signIn(server.baseUrl, demo.email, demo.password);
      await sleep(5_000);
      const idle = groupRssMb(pgid);
      const paths = [
        '/api/trips/current',
        '/api/trips',
        '/api/trips/trip-lisbon/events',
        '/api/travels/history',
        '/api/family/groups',
        '/api/trips/trip-lisbon/budget-summary',
        '/api/inspirations',
        '/trpc/trips.current,trips.list?batch=1&input=%7B%7D',
      ];
      let loadRequests = 0;
      const loadPeak = await peakRss(pgid, async () => {
        const result = await autocannon({
          url: server.baseUrl,
          connections: 20,
          duration: loadSeconds,
          timeout: 10,
          requests: paths.map((path) => ({
            method: 'GET' as const,
            path,
            headers: { cookie, 'accept-encoding': 'gzip' },
          })),
        });
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`mixed load: ${result.non2xx} non-2xx, ${result.errors} errors`);
        loadRequests = result.requests.total;
      });
      const afterLoad = groupRssMb(pgid);

      await addTravels(existingDb, journalTravels);
      const journalPeak = await peakRss(pgid, async () => {
        // Ten readers at a time, as a few browsers opening the journal at once would.
        for (let round = 0; round < 5; round++) {
          await Promise.all(
            Array.from({ length: 10 }, async () => {
              const res = await fetch(`${server.baseUrl}/api/travels/history`, {
                headers: { cookie, 'accept-encoding': 'gzip' },
              });
              const body = (await res.json()) as unknown[];
              if (!res.ok || body.length < journalTravels)
                throw new Error(`the journal answered ${res.status} with ${body.length} travels`);
            }),
          );
        }
      });
      const journal = groupRssMb(pgid);
      return {
        command: serverCommand(serverRoot).label,
        existingDbMs,
        freshDbMs,
        existingDbCpuMs,
        freshDbCpuMs,
        rssMb: { idle, afterLoad, loadPeak, journal, journalPeak },
        loadSeconds,
        loadRequests,
        journalTravels,
      };
    } finally {
      await server.child.stop();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The issue's targets: first answer within a second on an existing database, RSS idle and under load. */
const targets = { existingDbMs: 1000, idleMb: 120, loadedMb: 200 };

export function startupRows(report: StartupReport): Row[] {
  const range = (values: number[]) => `${median(values)} ms (${Math.min(...values)}–${Math.max(...values)})`;
  const { rssMb } = report;
  return [
    {
      metric: `start-up, existing database (${report.command}), median (range)`,
      value: range(report.existingDbMs),
      target: `≤ ${targets.existingDbMs} ms`,
      pass: median(report.existingDbMs) <= targets.existingDbMs,
    },
    { metric: 'start-up, existing database, CPU time', value: range(report.existingDbCpuMs) },
    { metric: 'start-up, fresh database (migrations + demo), median (range)', value: range(report.freshDbMs) },
    { metric: 'start-up, fresh database, CPU time', value: range(report.freshDbCpuMs) },
    {
      metric: 'RSS idle (every process of the start command)',
      value: `${rssMb.idle} MB`,
      target: `≤ ${targets.idleMb} MB`,
      pass: rssMb.idle <= targets.idleMb,
    },
    {
      metric: `RSS after ${report.loadSeconds} s of mixed load (peak)`,
      value: `${rssMb.afterLoad} MB (${rssMb.loadPeak} MB)`,
      target: `peak ≤ ${targets.loadedMb} MB`,
      pass: Math.max(rssMb.afterLoad, rssMb.loadPeak) <= targets.loadedMb,
    },
    {
      metric: `RSS serving the ${report.journalTravels}-travel journal (peak)`,
      value: `${rssMb.journal} MB (${rssMb.journalPeak} MB)`,
      target: `peak ≤ ${targets.loadedMb} MB`,
      pass: Math.max(rssMb.journal, rssMb.journalPeak) <= targets.loadedMb,
    },
  ];
}
