import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from './app-processes';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  proc: ChildProcess;
  origin: string;
  /** What it wrote to stderr so far (when stderr is piped). */
  stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface ServerProcessOptions {
  databaseFile: string;
  env?: Record<string, string>;
  /** Where stdout and stderr go: ignored and piped by default, or open file descriptors. */
  stdio?: StdioOptions;
  /** Run as another user (only when the tests run as root). */
  uid?: number;
  gid?: number;
}

/**
 * The real server (the bundle `pnpm start` runs, with no wrapper process, so a signal hits the
 * server itself) in production mode on a file database, on a free-ish loopback port.
 */
export function spawnServer({
  databaseFile,
  env = {},
  stdio = ['ignore', 'ignore', 'pipe'],
  uid,
  gid,
}: ServerProcessOptions): ServerProcess {
  const port = 4300 + Math.floor(Math.random() * 1500);
  const origin = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [serverBundle()], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'process-test-secret-0123456789abcdef0123456789',
      DATABASE_URL: `file:${databaseFile}`,
      PHOTOS_DIR: `${databaseFile}.photos`,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_REQUESTS: 'false',
      AUTH_RATE_LIMIT: 'false',
      BACKUP_INTERVAL: 'off',
      WEB_DIST: join(tmpdir(), 'naav-no-web'),
      ...env,
    },
    stdio,
    ...(uid === undefined ? {} : { uid, gid }),
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, origin, stderr: () => stderr, exited };
}

/** Waits until the server answers /api/health (fails when it exits first). */
export async function waitUntilServing(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.proc.exitCode !== null)
      throw new Error(`the server exited with ${server.proc.exitCode}: ${server.stderr()}`);
    try {
      if ((await fetch(`${server.origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.proc.kill('SIGKILL');
  throw new Error('the server did not start');
}

/** Signs the demo traveller in over HTTP; returns the Cookie header. */
export async function signInOverHttp(origin: string, email = 'traveller@naav.example'): Promise<string> {
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'naav-demo' }),
  });
  if (!res.ok) throw new Error(`sign-in failed with ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
