import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = join(serverDir, 'node_modules/.bin/tsx');

/** One real app server (`tsx src/main.ts`) the test started. */
export interface AppProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Its own data folder (its working directory: PHOTOS_DIR and other local files go here). */
  dataDir: string;
  /** What it printed so far (stdout and stderr), for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface AppProcessesOptions {
  /** How many servers (default 2). */
  count?: number;
  /** Variables every server gets on top of the defaults (NODE_ENV=production, a shared AUTH_SECRET, …). */
  env?: Record<string, string>;
  /** Variables for one server, by index. */
  envOf?: (index: number) => Record<string, string>;
  /** How long one server may take to answer its first request (default 90 s). */
  startTimeoutMs?: number;
}

export interface AppProcesses {
  servers: AppProcess[];
  /** The database file they share. */
  databaseFile: string;
  /** Stops every server and removes the database and the data folders. */
  stop: () => Promise<void>;
}

/**
 * Starts real production app servers, as separate machines would run them: one database file
 * (DATABASE_URL) shared by all, each with its own data folder as working directory and its
 * own port. They start one after the other, so only the first migrates and loads the demo.
 */
export async function startAppProcesses({ count = 2, env = {}, envOf = () => ({}), startTimeoutMs = 90_000 }: AppProcessesOptions = {}): Promise<AppProcesses> {
  const root = mkdtempSync(join(tmpdir(), 'naav-servers-'));
  const databaseFile = join(root, 'naav.db');
  const secret = randomBytes(32).toString('hex');
  const servers: AppProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(root, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const dataDir = join(root, `server-${String.fromCharCode(97 + i)}`);
      mkdirSync(dataDir);
      servers.push(
        await startAppProcess(dataDir, {
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(await freePort()),
          DATABASE_URL: `file:${databaseFile}`,
          AUTH_SECRET: secret,
          DEMO_DATA: 'auto',
          LOG_REQUESTS: 'false',
          ...env,
          ...envOf(i),
        }, startTimeoutMs),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, databaseFile, stop };
}

async function startAppProcess(dataDir: string, env: Record<string, string>, startTimeoutMs: number): Promise<AppProcess> {
  const url = `http://127.0.0.1:${env.PORT}`;
  // The server's configuration comes only from `env`, never from the test's own environment.
  const inherited = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
  // Its own process group: tsx runs the server in a child process, and both must stop.
  const child = spawn(tsx, [join(serverDir, 'src/main.ts')], { cwd: dataDir, env: { ...inherited, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  const server: AppProcess = {
    url,
    dataDir,
    output: () => log,
    stop: async () => {
      if (hasExited) return;
      signal('SIGTERM');
      const killed = setTimeout(() => signal('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killed);
    },
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (hasExited) throw new Error(`the server in ${dataDir} exited before answering:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server in ${dataDir} did not answer within ${startTimeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
