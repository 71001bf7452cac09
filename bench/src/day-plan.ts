import { isDeepStrictEqual } from 'node:util';
import type { LoadResult } from './http';
import type { Row } from './table';

/**
 * A trip's day plan as the trip page loads it (apps/web/src/routes/trips/$id.tsx): the trip and its
 * events in one procedure, trips.dayPlan, as the page's httpBatchLink sends it (a batch); beside
 * the raw handler's /day-plan/<id> (src/raw-server.ts), which runs the same two statements.
 */
const dayPlanTrip = 'trip-lisbon';

type Answer = { result?: { data?: { json?: unknown } } }[];

export interface DayPlanCall {
  /** What the app's load sends. */
  app: string;
  raw: string;
  /** The row's name: the call measured. */
  name: string;
  /** The app's answer in trips.dayPlan's shape, for the comparison with the floor. */
  asPlan: (answer: unknown) => unknown;
}

/**
 * The day plan's call: trips.dayPlan; on a server without it (an older checkout given with
 * --server-root), the tRPC batch trips.byId,trips.events its trip page sent, read as one plan.
 */
export async function dayPlanCall(
  baseUrl: string,
  rawBaseUrl: string,
  headers: Record<string, string>,
): Promise<DayPlanCall> {
  const input = (calls: number) =>
    encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { json: { id: dayPlanTrip } }]))),
    );
  const raw = `${rawBaseUrl}/day-plan/${dayPlanTrip}`;
  const app = `${baseUrl}/trpc/trips.dayPlan?batch=1&input=${input(1)}`;
  if ((await fetch(app, { headers })).status !== 404)
    return { app, raw, name: 'day plan (tRPC trips.dayPlan)', asPlan: (answer) => answer };
  return {
    app: `${baseUrl}/trpc/trips.byId,trips.events?batch=1&input=${input(2)}`,
    raw,
    name: 'day plan (tRPC batch trips.byId,trips.events)',
    asPlan: (answer) => {
      const [trip, events] = (answer as Answer).map((a) => a.result?.data?.json);
      return [{ result: { data: { json: { trip, events } } } }];
    },
  };
}

/** The floor must answer the same trip and events, or the comparison means nothing. */
export function assertSameDayPlan(raw: unknown, app: unknown): void {
  const events = (app as { result?: { data?: { json?: { events?: unknown[] } } } }[])[0]?.result?.data?.json?.events;
  if (!Array.isArray(events) || events.length === 0)
    throw new Error(`the day plan has no events: ${JSON.stringify(app)}`);
  if (!isDeepStrictEqual(app, raw)) {
    throw new Error(
      `the day plan's tRPC answer and the raw handler's disagree:\ntRPC ${JSON.stringify(app)}\nraw  ${JSON.stringify(raw)}`,
    );
  }
}

export interface DayPlanReport {
  /** The call measured (see dayPlanCall). */
  name: string;
  raw: LoadResult;
  app: LoadResult;
  /** req/s ÷ the floor's. */
  ratioToRaw: number;
  /** The floor's CPU per request ÷ the app's. */
  cpuRatioToRaw?: number;
}

const dayPlanTarget = 0.5;

export function dayPlanReport(name: string, raw: LoadResult, app: LoadResult): DayPlanReport {
  const cpuRatio =
    raw.serverCpuUsPerRequest && app.serverCpuUsPerRequest
      ? Math.round((raw.serverCpuUsPerRequest / app.serverCpuUsPerRequest) * 100) / 100
      : undefined;
  return {
    name,
    raw,
    app,
    ratioToRaw: app.requestsPerSecond / raw.requestsPerSecond,
    ...(cpuRatio !== undefined ? { cpuRatioToRaw: cpuRatio } : {}),
  };
}

export function dayPlanRows(report: DayPlanReport): Row[] {
  const { name, raw, app } = report;
  const cpu = (r: LoadResult) => (r.serverCpuUsPerRequest !== undefined ? `${r.serverCpuUsPerRequest} µs` : 'n/a');
  return [
    { metric: 'day plan, raw node:http (the same two statements) req/s', value: raw.requestsPerSecond.toFixed(0) },
    { metric: 'day plan, raw node:http server CPU per request', value: cpu(raw) },
    { metric: `${name} req/s`, value: app.requestsPerSecond.toFixed(0) },
    {
      metric: `${name} ÷ raw`,
      value: report.ratioToRaw.toFixed(2),
      target: `≥ ${dayPlanTarget}`,
      pass: report.ratioToRaw >= dayPlanTarget,
    },
    { metric: `${name} p50 / p99`, value: `${app.latencyMs.p50} / ${app.latencyMs.p99} ms` },
    {
      metric: `${name} server CPU per request (raw ÷ this)`,
      value: `${cpu(app)}${report.cpuRatioToRaw !== undefined ? ` (${report.cpuRatioToRaw.toFixed(2)})` : ''}`,
      ...(report.cpuRatioToRaw !== undefined
        ? { target: `raw ÷ this ≥ ${dayPlanTarget}`, pass: report.cpuRatioToRaw >= dayPlanTarget }
        : {}),
    },
  ];
}
