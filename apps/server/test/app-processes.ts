import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/** The server bundled as `pnpm build` bundles it, once per test run (server-bundle.global-setup.ts). */
export function serverBundle(): string {
  const bundle = inject('serverBundle');
  if (!bundle) throw new Error('no server bundle in this run (NAAV_TEST_SERVERS is set)');
  return bundle;
}

/** A port nobody listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface AppProcess {
  baseUrl: string;
  /** Everything it printed so far. */
  output: () => string;
  stop: () => Promise<void>;
  /** The process id (to find which server holds a connection). */
  pid: number;
  /** Ends it at once, as a crash or a pulled plug would: SIGKILL, no shutdown. */
  kill: () => Promise<void>;
}

/**
 * Starts `node <bundle>` as a deployment would, in its own working directory (its own data
 * folder: ./data there), on a free loopback port; resolves once it answers /api/health.
 */
export async function startAppProcess(
  bundle: string,
  { dataDir, env }: { dataDir: string; env: Record<string, string> },
): Promise<AppProcess> {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    cwd: dataDir,
    env: { PATH: process.env['PATH'] ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_REQUESTS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`the server exited before answering:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    output: () => log,
    pid: child.pid ?? 0,
    async kill() {
      if (gone) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface AppProcesses {
  servers: AppProcess[];
  /** The database file they share. */
  databaseFile: string;
  /** Stops every server and removes the database and the data folders. */
  stop: () => Promise<void>;
}

/**
 * Starts `count` production app servers (the bundle), as separate machines would run them: one
 * database file shared by all, each with its own data folder and port. They start one after the
 * other, so only the first migrates and loads the demo.
 */
export async function startAppProcesses({
  count = 2,
  env = {},
  envOf = () => ({}),
}: {
  count?: number;
  /** Variables every server gets on top of the defaults (NODE_ENV=production, a shared AUTH_SECRET, …). */
  env?: Record<string, string>;
  /** Variables for one server, by index. */
  envOf?: (index: number) => Record<string, string>;
} = {}): Promise<AppProcesses> {
  const root = mkdtempSync(join(tmpdir(), 'naav-servers-'));
  const databaseFile = join(root, 'naav.db');
  const secret = randomBytes(32).toString('hex');
  const bundle = serverBundle();
  const servers: AppProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(root, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const dataDir = join(root, `server-${String.fromCharCode(97 + i)}`);
      const overrides = { ...env, ...envOf(i) };
      servers.push(
        await startAppProcess(bundle, {
          dataDir,
          env: {
            NODE_ENV: 'production',
            DATABASE_URL: `file:${databaseFile}`,
            AUTH_SECRET: secret,
            DEMO_DATA: 'auto',
            BACKUP_INTERVAL: 'off',
            ...overrides,
          },
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, databaseFile, stop };
}
