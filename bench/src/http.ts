import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import { cpuWindow } from './lib/cpu';

export interface LoadResult {
  url: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time the server's processes spent per answered request (less sensitive to a busy machine than req/s). */
  serverCpuUsPerRequest?: number;
  /** Share of the machine's CPU taken by other processes during the run: above ~10 % the figures are noisy. */
  othersCpuShare?: number;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** Signs in with e-mail and password; returns the Cookie header with every cookie the answer set. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed with ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/** The session token cookie alone (`naav.session_token`, with its `__Secure-` prefix over https). */
export function sessionTokenOnly(cookie: string): string {
  const token = cookie.split('; ').find((pair) => /^(__Secure-)?naav\.session_token=/.test(pair));
  if (!token) throw new Error(`no naav.session_token among the sign-in's cookies: ${cookie}`);
  return token;
}

/** A personal API token of the signed-in user (POST /api/tokens), reading trips only. */
export async function apiToken(baseUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ name: 'bench', scopes: ['trips:read'] }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST /api/tokens answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { token: string }).token;
}

/** One GET, failing unless it is a 200 with JSON; returns the parsed body. */
export async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** The three paths must answer with the same trip, or the comparison means nothing. */
export function assertSameTrip(raw: unknown, rest: unknown, trpc: unknown): void {
  const trpcTrip = (trpc as { result?: { data?: { json?: unknown } } }).result?.data?.json;
  if (!isDeepStrictEqual(rest, raw)) {
    throw new Error(`REST and the raw handler disagree:\nREST ${JSON.stringify(rest)}\nraw  ${JSON.stringify(raw)}`);
  }
  if (!isDeepStrictEqual(trpcTrip, raw)) {
    throw new Error(`tRPC and the raw handler disagree:\ntRPC ${JSON.stringify(trpc)}\nraw  ${JSON.stringify(raw)}`);
  }
}

function cannon(url: string, headers: Record<string, string>, connections: number, duration: number) {
  return autocannon({ url, headers, connections, duration, timeout: 10 });
}

/**
 * One warm-up run (discarded) on each of a server's paths before any of them is measured. A
 * fresh process compiles its hot code and grows its heap in its first seconds under load, on
 * helper threads whose CPU counts too: without this, the first path measured on a server
 * carried that cost alone, and read 10 to 50 % more CPU per request than the very same request
 * measured right after it.
 */
export async function warmUp(paths: { url: string; headers: Record<string, string> }[], opts: LoadOptions) {
  for (const { url, headers } of paths) await cannon(url, headers, opts.connections, opts.warmupSeconds);
}

/** A warm-up run (discarded), then the measured run; `serverPgid` is the server's process group. */
export async function load(
  url: string,
  headers: Record<string, string>,
  opts: LoadOptions,
  serverPgid: number,
): Promise<LoadResult> {
  if (opts.warmupSeconds > 0) await cannon(url, headers, opts.connections, opts.warmupSeconds);
  const endWindow = cpuWindow(serverPgid);
  const r = await cannon(url, headers, opts.connections, opts.durationSeconds);
  const cpu = endWindow();
  const result: LoadResult = {
    url,
    requestsPerSecond: r.requests.average,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max, mean: r.latency.mean },
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    ...(cpu
      ? {
          serverCpuUsPerRequest: Math.round((cpu.targetMs * 1000) / Math.max(1, r.requests.total)),
          othersCpuShare: Math.round(cpu.othersShare * 1000) / 1000,
        }
      : {}),
  };
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result;
}
