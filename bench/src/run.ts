/**
 * `pnpm bench`: HTTP throughput and latency, the web app's JavaScript weight and Lighthouse
 * scores, measured in one run on this machine against servers started here on 127.0.0.1.
 * Prints one table and writes bench/results.json. Not part of `pnpm test`.
 *
 * Options: --duration=10 --warmup=2 --connections=50 (HTTP load, seconds / sockets),
 * --only=testcpu (never by default: the README's test command from a fresh clone, its CPU seconds; about ten
 * minutes; --test-command='…' runs another command in the clone instead),
 * --only=http,attack,isolation,expenses-list,web,lighthouse,budget,balances,startup,live,offline,import (a subset; import: boarding-pass PDFs and photos read per second in this process; balances: who owes whom on a trip of 10,000 split expenses among 8; isolation: another user's p50 while one account floods live streams or booking previews at the server's limits; offline: the current trip's first paint on My Trips offline beside online; live: two servers, --live-subscribers=200 idle streams; lighthouse audits every main screen and trip detail
 * three times each, on the demo data and on the large data: 100,000 expenses and 5,000 journal entries), --build (rebuild the web app and the server first),
 * --pages=/a,/b, --data=demo|large and --preset=desktop|mobile (audit only those screens, that data set, that Lighthouse preset; both presets by default), --profile (write V8 CPU profiles of the server to $TMPDIR/naav-bench-profiles), --strict (exit 1
 * when a target is missed), --server-root=DIR (run the server of another checkout of the
 * repository with installed node_modules, e.g. to compare before and after a change).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { attack, benchBatchAttack, type BatchAttackReport } from './batch-attack';
import { benchBudget, budgetRows, loadLargeData, tripId as largeTripId, type BudgetReport } from './budget';
import { measureBundle, type BundleReport } from './bundle';
import { benchExpensesList, expensesListRows, type ExpensesListReport } from './expenses-list';
import { balancesRows, benchBalances, type BalancesReport } from './balances';
import { benchIsolation, isolationRows, isolationServerEnv, type IsolationReport } from './isolation';
import { apiToken, assertSameTrip, getJson, load, sessionTokenOnly, signIn, warmUp, type LoadResult } from './http';
import { benchTestCpu, testCpuRows, type TestCpuReport } from './test-cpu';
import { assertSameDayPlan, dayPlanCall, dayPlanReport, dayPlanRows, type DayPlanReport } from './day-plan';
import { benchLive, liveRows, type LiveReport } from './live';
import {
  lighthouseCategories,
  lighthousePresets,
  runLighthouse,
  type LighthousePreset,
  type PageReport,
} from './lighthouse';
import {
  benchLock,
  freePort,
  onExit,
  runToCompletion,
  startChild,
  stopAll,
  waitForHttp,
  type Child,
} from './lib/processes';
import { benchStartup, serverCommand, startupRows, type StartupReport } from './startup';
import { printTable, type Row } from './table';
import { benchOfflinePaint, offlinePaintRows, type OfflinePaintReport } from './offline-paint';
import { benchImport, importRows, type ImportReport } from './import';
import { benchInboundMail, inboundMailRows, inboundServerEnv, type InboundMailReport } from './inbound-mail';

const root = fileURLToPath(new URL('../../', import.meta.url));
const webDir = join(root, 'apps/web');
const webDist = join(webDir, 'dist');
const resultsFile = join(root, 'bench/results.json');

const demo = { email: 'traveller@naav.example', password: 'naav-demo' };
/** The account that attacks in the isolation section (the demo traveller is the one timed). */
const attacker = { email: 'traveller2@naav.example', password: 'naav-demo' };
// Every screen of the main navigation (mainNavigation in apps/web/src/lib/route-table.ts, which
// the bench cannot import: it types itself from the web app's route tree) and a trip's detail,
// the trip that grows to 100,000 expenses in the large data set (the budget tracker shows it too).
const lighthousePaths = [
  '/',
  '/my-trips',
  '/travel-journal',
  `/budget-tracker?trip=${largeTripId}`,
  '/availability-planner',
  '/travel-documents',
  '/family',
  '/interests',
  '/inspirations',
  '/concierge',
  `/trips/${largeTripId}`,
];
const lighthouseRuns = 3;
/** --pages=/my-trips,/interests audits only those screens; --data=demo or large only that data set. */
const auditedPaths = option('pages')?.split(',') ?? lighthousePaths;
const auditedData = new Set((option('data') ?? 'demo,large').split(','));
type DataSet = 'demo' | 'large';
type ScreenReport = PageReport & { data: DataSet };
/** --preset=mobile or desktop audits with that Lighthouse preset only (both by default). */
const auditedPresets = (option('preset') ?? lighthousePresets.join(',')).split(',') as LighthousePreset[];
for (const preset of auditedPresets) {
  if (!lighthousePresets.includes(preset)) throw new Error(`--preset must be ${lighthousePresets.join(' or ')}`);
}
const targets = {
  restRatio: 0.6,
  /** tRPC's req/s ÷ REST's (as a browser). */
  trpcToRest: 0.9,
  /** p99 ÷ the floor's p99. */
  p99ToRaw: 1.5,
  initialKb: 150,
  routeChunkKb: 60,
  lighthouse: { desktop: 95, mobile: 90 },
  cls: 0.05,
  batchAttackRatio: 2,
};

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  const arg = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(prefix));
  if (!arg) return undefined;
  return arg.startsWith(prefix) ? arg.slice(prefix.length) : 'true';
}
const numberOption = (name: string, fallback: number) => {
  const value = Number(option(name) ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
};

const load_ = {
  connections: numberOption('connections', 50),
  warmupSeconds: numberOption('warmup', 2),
  durationSeconds: numberOption('duration', 10),
};
const only = new Set(
  (
    option('only') ?? 'http,attack,isolation,expenses-list,web,lighthouse,budget,balances,startup,live,offline,import'
  ).split(','),
);
const profile = option('profile') === 'true';
const serverRoot = option('server-root') ?? root;

/** The environment for children: this one without any server configuration that would leak in. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  const serverKeys = new Set([
    'NODE_ENV',
    'HOST',
    'PORT',
    'DATABASE_URL',
    'DATABASE_AUTH_TOKEN',
    'AUTH_SECRET',
    'PUBLIC_URL',
    'TRUSTED_ORIGINS',
    'DEMO_DATA',
    'WEB_DIST',
    'LOG_REQUESTS',
    'AUTH_RATE_LIMIT',
    'NODE_OPTIONS',
    'PHOTO_STORE',
    'PHOTOS_DIR',
    'RATES_URL',
    'TEST_CLOCK_HEADER',
  ]);
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !serverKeys.has(k)) env[k] = v;
  return { ...env, ...extra };
}

/** This checkout's server bundle, built when missing (or with --build); another checkout's is used as it is. */
async function ensureServerBuild(): Promise<void> {
  if (serverRoot !== root) return;
  if (existsSync(join(root, 'apps/server/dist/main.js')) && option('build') !== 'true') return;
  console.log('Building the server…');
  await runToCompletion(process.execPath, ['scripts/build.mjs'], join(root, 'apps/server'));
}

async function ensureWebBuild(): Promise<void> {
  const missing = !existsSync(join(webDist, 'index.html')) || !existsSync(join(webDist, '.vite/manifest.json'));
  if (!missing && option('build') !== 'true') return;
  console.log('Building the web app…');
  await runToCompletion(join(webDir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], webDir);
}

/** The live section holds hundreds of idle streams of one account (its cost per stream), beyond the limits a server allows one user. */
const liveStreamLimits = { LIVE_STREAMS_PER_SESSION: '10000', LIVE_STREAMS_PER_USER: '10000' };

async function startServer(
  databaseUrl: string,
  secret = randomBytes(32).toString('hex'),
  extraEnv: Record<string, string> = {},
): Promise<{ child: Child; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Outside the repository: profiles are big and not for committing.
  const profileDir = join(tmpdir(), 'naav-bench-profiles');
  if (profile) {
    mkdirSync(profileDir, { recursive: true });
    console.log(`CPU profiles of the server go to ${profileDir}`);
  }
  // The server as deployed (see serverCommand); tsx, for older checkouts, hands node flags on too.
  const nodeFlags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const { command, args } = serverCommand(serverRoot);
  const child = startChild('server', command, [...nodeFlags, ...args], {
    cwd: serverRoot,
    env: childEnv({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: secret,
      // Everything else as `pnpm start` leaves it: the request log on, sign-in throttling on.
      DEMO_DATA: 'auto',
      ...extraEnv,
    }),
  });
  // Seeding the demo hashes passwords: on a busy machine that alone can take half a minute.
  await waitForHttp(`${baseUrl}/api/health`, child, 120_000);
  return { child, baseUrl };
}

/** The floor (src/raw-server.ts): its SQL through @libsql/client, or compiled once on libSQL's own connection. */
async function startRawServer(
  databaseUrl: string,
  mode: 'client' | 'compiled' = 'client',
): Promise<{ child: Child; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = startChild(
    `raw handler (${mode})`,
    join(root, 'bench/node_modules/.bin/tsx'),
    ['bench/src/raw-server.ts', databaseUrl, String(port), demo.email, mode],
    { cwd: root, env: childEnv({ NODE_ENV: 'production' }) },
  );
  await waitForHttp(`${baseUrl}/`, child);
  return { child, baseUrl };
}

type ComparedResult = LoadResult & { ratioToRaw: number; cpuRatioToRaw?: number };

interface HttpReport {
  raw: LoadResult;
  /** ratioToRaw: req/s ÷ the raw handler's; cpuRatioToRaw: the raw handler's CPU per request ÷ this path's. */
  rest: ComparedResult;
  /** REST as an integrator calls it: only the `naav.session_token` cookie, as the README tells them. */
  restIntegrator: ComparedResult;
  /** REST with a personal API token (`Authorization: Bearer`), metered against its quota as every such request is. */
  restBearer: ComparedResult;
  trpc: ComparedResult;
  /** A trip's day plan in one round trip (src/day-plan.ts) beside the floor's same two statements. */
  dayPlan: DayPlanReport;
  /** The floor with its statements compiled once, as the API's prepared reader runs them: shown, no target. */
  compiled: { current: LoadResult; dayPlan: LoadResult };
}

async function benchHttp(
  server: { baseUrl: string; child: Child },
  cookie: string,
  databaseUrl: string,
): Promise<HttpReport> {
  const { baseUrl } = server;
  const raw = await startRawServer(databaseUrl);
  try {
    // A browser sends every cookie the sign-in set (today only the session token, so these two
    // requests are the same); an integrator the session token, or a personal API token.
    const headers = { cookie };
    const integratorHeaders = { cookie: sessionTokenOnly(cookie) };
    const bearerHeaders = { authorization: `Bearer ${await apiToken(baseUrl, cookie)}` };
    const restUrl = `${baseUrl}/api/trips/current`;
    const trpcUrl = `${baseUrl}/trpc/trips.current`;
    const rawUrl = `${raw.baseUrl}/api/trips/current`;
    const rawTrip = await getJson(rawUrl);
    assertSameTrip(rawTrip, await getJson(restUrl, headers), await getJson(trpcUrl, headers));
    assertSameTrip(rawTrip, await getJson(restUrl, integratorHeaders), await getJson(trpcUrl, integratorHeaders));
    assertSameTrip(rawTrip, await getJson(restUrl, bearerHeaders), await getJson(trpcUrl, bearerHeaders));
    const dayPlan = await dayPlanCall(baseUrl, raw.baseUrl, headers);
    const rawDayPlanAnswer = await getJson(dayPlan.raw);
    assertSameDayPlan(rawDayPlanAnswer, dayPlan.asPlan(await getJson(dayPlan.app, headers)));

    const seconds = load_.warmupSeconds + load_.durationSeconds;
    console.log(`HTTP: 9 paths × ${seconds} s at ${load_.connections} connections…`);
    // Each server warmed on all its paths first, so the first one measured is as warm as the rest.
    if (load_.warmupSeconds > 0) {
      await warmUp(
        [
          { url: rawUrl, headers: {} },
          { url: dayPlan.raw, headers: {} },
        ],
        load_,
      );
    }
    const rawResult = await load(rawUrl, {}, load_, raw.child.pid);
    const rawDayPlan = await load(dayPlan.raw, {}, load_, raw.child.pid);
    await raw.child.stop();
    const compiled = await loadCompiledFloor(databaseUrl, rawTrip, {
      path: dayPlan.raw.slice(raw.baseUrl.length),
      answer: rawDayPlanAnswer,
    });
    if (load_.warmupSeconds > 0) {
      await warmUp(
        [
          { url: restUrl, headers },
          { url: restUrl, headers: bearerHeaders },
          { url: trpcUrl, headers },
          { url: dayPlan.app, headers },
        ],
        load_,
      );
    }
    const rest = await load(restUrl, headers, load_, server.child.pid);
    const restIntegrator = await load(restUrl, integratorHeaders, load_, server.child.pid);
    const trpc = await load(trpcUrl, headers, load_, server.child.pid);
    const appDayPlan = await load(dayPlan.app, headers, load_, server.child.pid);
    // Last: each metered request is a write, which the reads measured before it should not follow.
    const restBearer = await load(restUrl, bearerHeaders, load_, server.child.pid);
    const ratio = (r: LoadResult) => r.requestsPerSecond / rawResult.requestsPerSecond;
    const cpuRatio = (r: LoadResult) =>
      r.serverCpuUsPerRequest && rawResult.serverCpuUsPerRequest
        ? { cpuRatioToRaw: Math.round((rawResult.serverCpuUsPerRequest / r.serverCpuUsPerRequest) * 100) / 100 }
        : {};
    return {
      raw: rawResult,
      rest: { ...rest, ratioToRaw: ratio(rest), ...cpuRatio(rest) },
      restIntegrator: { ...restIntegrator, ratioToRaw: ratio(restIntegrator), ...cpuRatio(restIntegrator) },
      restBearer: { ...restBearer, ratioToRaw: ratio(restBearer), ...cpuRatio(restBearer) },
      trpc: { ...trpc, ratioToRaw: ratio(trpc), ...cpuRatio(trpc) },
      dayPlan: dayPlanReport(dayPlan.name, rawDayPlan, appDayPlan),
      compiled,
    };
  } finally {
    await raw.child.stop();
  }
}

/** The compiled floor under the same load, after checking it answers what the other floor answers. */
async function loadCompiledFloor(databaseUrl: string, rawTrip: unknown, rawDayPlan: { path: string; answer: unknown }) {
  const floor = await startRawServer(databaseUrl, 'compiled');
  try {
    const currentUrl = `${floor.baseUrl}/api/trips/current`;
    const dayPlanUrl = `${floor.baseUrl}${rawDayPlan.path}`;
    const answers = [await getJson(currentUrl), await getJson(dayPlanUrl)];
    if (!isDeepStrictEqual(answers, [rawTrip, rawDayPlan.answer]))
      throw new Error(`the two floors disagree:\ncompiled ${JSON.stringify(answers)}`);
    if (load_.warmupSeconds > 0)
      await warmUp(
        [
          { url: currentUrl, headers: {} },
          { url: dayPlanUrl, headers: {} },
        ],
        load_,
      );
    return {
      current: await load(currentUrl, {}, load_, floor.child.pid),
      dayPlan: await load(dayPlanUrl, {}, load_, floor.child.pid),
    };
  } finally {
    await floor.child.stop();
  }
}

/** The compiled floor beside REST and the day plan: no target (those are set against the floor above). */
function compiledFloorRows({ compiled, rest, dayPlan }: HttpReport): Row[] {
  const name = 'raw node:http, statements compiled once';
  const cpu = (r: LoadResult) => r.serverCpuUsPerRequest;
  const cpuRatio = (floor: LoadResult, app: LoadResult) =>
    cpu(floor) && cpu(app) ? ` (${(cpu(floor)! / cpu(app)!).toFixed(2)})` : '';
  return [
    {
      metric: `${name}: /api/trips/current req/s, CPU per request`,
      value: `${compiled.current.requestsPerSecond.toFixed(0)}, ${cpu(compiled.current)} µs`,
    },
    {
      metric: `${name}: day plan req/s, CPU per request`,
      value: `${compiled.dayPlan.requestsPerSecond.toFixed(0)}, ${cpu(compiled.dayPlan)} µs`,
    },
    {
      metric: `REST /api/trips/current ÷ ${name} (CPU: floor ÷ this)`,
      value: `${(rest.requestsPerSecond / compiled.current.requestsPerSecond).toFixed(2)}${cpuRatio(compiled.current, rest)}`,
    },
    {
      metric: `${dayPlan.name} ÷ ${name} (CPU: floor ÷ this)`,
      value: `${(dayPlan.app.requestsPerSecond / compiled.dayPlan.requestsPerSecond).toFixed(2)}${cpuRatio(compiled.dayPlan, dayPlan.app)}`,
    },
  ];
}

function rows(
  http: HttpReport | undefined,
  batchAttack: BatchAttackReport | undefined,
  bundle: BundleReport | undefined,
  pages: ScreenReport[],
): Row[] {
  const out: Row[] = [];
  const ms = (n: number) => `${n} ms`;
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  if (http) {
    const paths = [
      ['raw node:http', http.raw, undefined],
      ['REST /api/trips/current', http.rest, http.rest.ratioToRaw],
      ['REST /api/trips/current (session token only)', http.restIntegrator, http.restIntegrator.ratioToRaw],
      ['REST /api/trips/current (Bearer API token)', http.restBearer, http.restBearer.ratioToRaw],
      ['tRPC /trpc/trips.current', http.trpc, http.trpc.ratioToRaw],
    ] as const;
    for (const [name, r, ratio] of paths) {
      out.push({ metric: `${name} req/s`, value: r.requestsPerSecond.toFixed(0) });
      if (ratio !== undefined) {
        const isRest = name.startsWith('REST');
        out.push({
          metric: `${name} ÷ raw`,
          value: ratio.toFixed(2),
          ...(isRest ? { target: `≥ ${targets.restRatio}`, pass: ratio >= targets.restRatio } : {}),
        });
        if (!isRest) {
          const toRest = r.requestsPerSecond / http.rest.requestsPerSecond;
          out.push({
            metric: `${name} ÷ REST`,
            value: toRest.toFixed(2),
            target: `≥ ${targets.trpcToRest}`,
            pass: toRest >= targets.trpcToRest,
          });
        }
      }
      out.push({ metric: `${name} p50`, value: ms(r.latencyMs.p50) });
      if (r.serverCpuUsPerRequest !== undefined) {
        const cpuRatio = 'cpuRatioToRaw' in r && r.cpuRatioToRaw ? r.cpuRatioToRaw : undefined;
        out.push({
          metric: `${name} server CPU per request${cpuRatio !== undefined ? ' (raw ÷ this)' : ''}`,
          value: `${r.serverCpuUsPerRequest} µs${cpuRatio !== undefined ? ` (${cpuRatio.toFixed(2)})` : ''}`,
          ...(cpuRatio !== undefined && name.startsWith('REST')
            ? { target: `raw ÷ this ≥ ${targets.restRatio}`, pass: cpuRatio >= targets.restRatio }
            : {}),
        });
      }
      const p99Limit = Math.round(http.raw.latencyMs.p99 * targets.p99ToRaw * 10) / 10;
      out.push({
        metric: `${name} p99`,
        value: ms(r.latencyMs.p99),
        ...(ratio !== undefined
          ? { target: `≤ ${targets.p99ToRaw} × raw (${p99Limit} ms)`, pass: r.latencyMs.p99 <= p99Limit }
          : {}),
      });
    }
  }
  if (http) out.push(...dayPlanRows(http.dayPlan), ...compiledFloorRows(http));
  if (batchAttack) {
    const b = batchAttack;
    const attackName = `${attack.connections} anonymous connections, ${attack.callsPerBatch}-call batches of ${attack.procedure}`;
    out.push({ metric: "another user's GET /api/trips p50, alone", value: ms(b.victimP50Ms.alone) });
    out.push({ metric: `… during the batch attack (${attackName})`, value: ms(b.victimP50Ms.duringAttack) });
    out.push({
      metric: '… ratio (during ÷ alone)',
      value: `${b.ratio.toFixed(2)}×`,
      target: `≤ ${targets.batchAttackRatio}×`,
      pass: b.ratio <= targets.batchAttackRatio,
    });
    out.push({
      metric: '… the attack’s answers',
      value:
        Object.entries(b.attackStatuses)
          .map(([status, n]) => `${n} × ${status}`)
          .join(', ') || 'none',
    });
  }
  if (bundle) {
    out.push({
      metric: 'initial JS for / (gzip)',
      value: kb(bundle.initialHome.gzipBytes),
      target: `≤ ${targets.initialKb} kB`,
      pass: bundle.initialHome.gzipBytes <= targets.initialKb * 1000,
    });
    out.push({ metric: 'entry chunk + static imports (gzip)', value: kb(bundle.entry.gzipBytes) });
    out.push({ metric: 'CSS (gzip)', value: kb(bundle.css.gzipBytes) });
    for (const r of bundle.routes) {
      out.push({
        metric: `route ${r.route} chunk (gzip, +beyond entry)`,
        value: `${kb(r.gzipBytes)} (+${kb(r.extraGzipBytes)})`,
        target: `≤ ${targets.routeChunkKb} kB`,
        pass: r.gzipBytes <= targets.routeChunkKb * 1000,
      });
    }
    if (bundle.precache) {
      const p = bundle.precache;
      out.push({
        metric: `precache of the service worker (${p.entries} files; sent as Brotli)`,
        value: `${kb(p.bytes)} (${kb(p.brotliBytes)})`,
      });
    }
  }
  for (const page of pages) {
    const values = lighthouseCategories.map((c) => page.scores[c]);
    const least = targets.lighthouse[page.preset];
    out.push({
      metric: `lighthouse ${page.preset} ${page.path}, ${page.data} data (performance / accessibility / best practices, median of ${page.runs.length}; CLS)`,
      value: `${values.join(' / ')}; CLS ${page.cls.toFixed(3)}`,
      target: `each ≥ ${least}; CLS ≤ ${targets.cls}`,
      pass: values.every((v) => v >= least) && page.cls <= targets.cls,
    });
  }
  return out;
}

/** Lighthouse on every screen, median of three runs each, on one data set, with each preset asked for. */
async function audit(baseUrl: string, cookie: string, data: DataSet): Promise<ScreenReport[]> {
  if (!auditedData.has(data)) return [];
  const out: ScreenReport[] = [];
  for (const preset of auditedPresets) {
    console.log(
      `Lighthouse ${preset} on the ${data} data, ${lighthouseRuns} runs per screen: ${auditedPaths.join(', ')}…`,
    );
    const reports = await runLighthouse(baseUrl, auditedPaths, cookie, {
      runs: lighthouseRuns,
      preset,
      onPage: (page) =>
        console.log(
          `  ${page.path} (${data}, ${preset}): ${lighthouseCategories.map((c) => page.scores[c]).join(' / ')}; ` +
            `LCP ${page.metricsMs.lcp} ms, TBT ${page.metricsMs.tbt} ms, CLS ${page.cls.toFixed(3)}; ` +
            `machine's benchmark index ${page.benchmarkIndex}`,
        ),
    });
    out.push(...reports.map((report) => ({ ...report, data })));
  }
  return out;
}

async function main() {
  const releaseLock = await benchLock();
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), 'naav-bench-'));
  const removeTmp = () => rmSync(tmp, { recursive: true, force: true });
  // Also when interrupted (Ctrl-C) or failing.
  const forgetTmp = onExit(removeTmp);
  const databaseUrl = `file:${join(tmp, 'naav.db')}`;
  let http: HttpReport | undefined;
  let batchAttack: BatchAttackReport | undefined;
  let bundle: BundleReport | undefined;
  const pages: ScreenReport[] = [];
  let budget: BudgetReport | undefined;
  let balances: BalancesReport | undefined;
  let startup: StartupReport | undefined;
  let live: LiveReport | undefined;
  let isolation: IsolationReport | undefined;
  let expensesList: ExpensesListReport | undefined;
  let offlinePaint: OfflinePaintReport | undefined;
  let bookingImport: ImportReport | undefined;
  let inboundMail: InboundMailReport | undefined;
  let testCpu: TestCpuReport | undefined;
  try {
    if (only.has('testcpu')) {
      const command = option('test-command');
      testCpu = await benchTestCpu(root, command ? { command } : {});
    }
    if (only.has('import')) bookingImport = await benchImport();
    if (only.has('web') || only.has('lighthouse') || only.has('offline')) await ensureWebBuild();
    if (
      only.has('http') ||
      only.has('lighthouse') ||
      only.has('offline') ||
      only.has('budget') ||
      only.has('balances') ||
      only.has('startup') ||
      only.has('live') ||
      only.has('isolation') ||
      only.has('expenses-list') ||
      only.has('import')
    )
      await ensureServerBuild();
    if (only.has('web')) bundle = measureBundle(webDist);

    if (only.has('budget') || (only.has('lighthouse') && auditedData.has('large'))) {
      // A database of its own: 100,000 expenses would weigh on the other measurements.
      console.log('Starting the production server for the budget bench and the large data…');
      const budgetDatabase = `file:${join(tmp, 'budget.db')}`;
      const server = await startServer(budgetDatabase);
      try {
        const cookie = await signIn(server.baseUrl, demo.email, demo.password);
        if (only.has('budget')) budget = await benchBudget(server.baseUrl, cookie, budgetDatabase, demo.email);
        else await loadLargeData(budgetDatabase, demo.email);
        if (only.has('lighthouse')) pages.push(...(await audit(server.baseUrl, cookie, 'large')));
      } catch (error) {
        console.error(server.child.output());
        throw error;
      } finally {
        await server.child.stop();
      }
    }

    if (only.has('import')) {
      // Forwarded mail through a server's SMTP listener, on a database of its own.
      console.log('Starting the production server with its SMTP listener for forwarded mail…');
      const inboundDatabase = `file:${join(tmp, 'inbound.db')}`;
      const smtpPort = await freePort();
      const server = await startServer(inboundDatabase, undefined, inboundServerEnv(smtpPort));
      try {
        const cookie = await signIn(server.baseUrl, demo.email, demo.password);
        inboundMail = await benchInboundMail(server.baseUrl, smtpPort, cookie, inboundDatabase);
      } catch (error) {
        console.error(server.child.output());
        throw error;
      } finally {
        await server.child.stop();
      }
    }

    if (only.has('balances')) {
      // A database of its own, beside the budget's 100,000 expenses.
      console.log('Starting the production server for the balances bench…');
      const balancesDatabase = `file:${join(tmp, 'balances.db')}`;
      const server = await startServer(balancesDatabase);
      try {
        balances = await benchBalances(
          server.baseUrl,
          await signIn(server.baseUrl, demo.email, demo.password),
          balancesDatabase,
          server.child.pid,
        );
      } catch (error) {
        console.error(server.child.output());
        throw error;
      } finally {
        await server.child.stop();
      }
    }

    if (only.has('live')) {
      // Two servers on a database of their own.
      const liveDatabase = `file:${join(tmp, 'live.db')}`;
      live = await benchLive(
        (secret) => startServer(liveDatabase, secret, liveStreamLimits),
        liveDatabase,
        (baseUrl) => signIn(baseUrl, demo.email, demo.password),
        {
          subscribers: numberOption('live-subscribers', 200),
        },
      );
    }

    if (only.has('isolation')) {
      // A database of its own: the attacks leave streams, groups and trips behind.
      console.log(
        `Isolation: another user's GET /api/trips quiet, then during each attack (${load_.durationSeconds} s each)…`,
      );
      const server = await startServer(`file:${join(tmp, 'isolation.db')}`, undefined, isolationServerEnv);
      try {
        const victimCookie = await signIn(server.baseUrl, demo.email, demo.password);
        isolation = await benchIsolation(
          { baseUrl: server.baseUrl, signIn: () => signIn(server.baseUrl, attacker.email, attacker.password) },
          victimCookie,
          load_.durationSeconds,
        );
      } catch (error) {
        console.error(server.child.output());
        throw error;
      } finally {
        await server.child.stop();
      }
    }

    if (only.has('expenses-list')) {
      // A database of its own: 1,000 more expenses on the Lisbon trip.
      const listDatabase = `file:${join(tmp, 'expenses-list.db')}`;
      const server = await startServer(listDatabase);
      try {
        const cookie = await signIn(server.baseUrl, demo.email, demo.password);
        expensesList = await benchExpensesList(server.baseUrl, cookie, listDatabase, server.child.pid, load_);
      } catch (error) {
        console.error(server.child.output());
        throw error;
      } finally {
        await server.child.stop();
      }
    }

    if (only.has('startup')) {
      startup = await benchStartup(serverRoot, childEnv, { loadSeconds: numberOption('load-seconds', 60) });
    }

    if (only.has('http') || only.has('attack') || only.has('lighthouse') || only.has('offline')) {
      console.log('Starting the production server…');
      // The Bearer path's API token is metered as always, with a quota that 50 connections do not spend.
      const server = await startServer(databaseUrl, undefined, { API_TOKEN_RATE_LIMIT: '1000000' });
      try {
        const cookie = await signIn(server.baseUrl, demo.email, demo.password);
        if (only.has('http')) http = await benchHttp(server, cookie, databaseUrl);
        if (only.has('attack')) {
          console.log(
            `Batch attack: another user's GET /api/trips alone, then during the attack (${load_.durationSeconds} s each)…`,
          );
          batchAttack = await benchBatchAttack(server.baseUrl, cookie, load_.durationSeconds);
        }
        if (only.has('lighthouse')) pages.unshift(...(await audit(server.baseUrl, cookie, 'demo')));
        if (only.has('offline')) {
          console.log("Offline: the current trip's first paint on My Trips, offline beside online…");
          offlinePaint = await benchOfflinePaint(server.baseUrl, cookie);
        }
      } finally {
        await server.child.stop();
      }
    }
  } finally {
    await stopAll();
    removeTmp();
    forgetTmp();
  }

  const table = [
    ...rows(http, batchAttack, bundle, pages),
    ...(isolation ? isolationRows(isolation) : []),
    ...(expensesList ? expensesListRows(expensesList) : []),
    ...(budget ? budgetRows(budget) : []),
    ...(balances ? balancesRows(balances) : []),
    ...(startup ? startupRows(startup) : []),
    ...(live ? liveRows(live) : []),
    ...(offlinePaint ? offlinePaintRows(offlinePaint) : []),
    ...(bookingImport ? importRows(bookingImport) : []),
    ...(inboundMail ? inboundMailRows(inboundMail) : []),
    ...(testCpu ? testCpuRows(testCpu) : []),
  ];
  const seconds = (Date.now() - started) / 1000;
  printTable(table);
  const busy = http
    ? [
        http.raw,
        http.rest,
        http.restIntegrator,
        http.restBearer,
        http.trpc,
        http.dayPlan.raw,
        http.dayPlan.app,
        http.compiled.current,
        http.compiled.dayPlan,
      ].filter((r) => (r.othersCpuShare ?? 0) > 0.1)
    : [];
  if (busy.length > 0) {
    const worst = Math.max(...busy.map((r) => r.othersCpuShare ?? 0));
    console.log(
      `\nWarning: other processes used up to ${(worst * 100).toFixed(0)} % of the CPUs during the HTTP runs; ` +
        'req/s and latency are noisy (CPU per request less so). Re-run on a quiet machine.',
    );
  }
  const checked = table.filter((r) => r.pass !== undefined);
  const missed = checked.filter((r) => r.pass === false);
  console.log(
    `\n${checked.length - missed.length} of ${checked.length} targets met; bench took ${seconds.toFixed(0)} s.`,
  );

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    platform: `${process.platform} ${process.arch}`,
    durationSeconds: seconds,
    settings: { ...load_, serverRoot, lighthousePresets: auditedPresets, gzip: 'zlib default level; kB = 1000 bytes' },
    targets,
    http,
    batchAttack,
    isolation,
    expensesList,
    budget,
    startup,
    live,
    offlinePaint,
    bookingImport,
    inboundMail,
    testCpu,
    web: bundle,
    lighthouse: pages,
    table,
  };
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Results written to ${resultsFile}`);
  if (missed.length > 0 && option('strict') === 'true') process.exitCode = 1;
  releaseLock();
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.cause) console.error(error.cause);
  await stopAll();
  process.exit(1);
});
