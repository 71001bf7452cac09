import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A child process the bench started (in its own process group, so its own children stop with it). */
export interface Child {
  name: string;
  pid: number;
  /** The last few KB of its stdout and stderr, for error messages. */
  output: () => string;
  exited: () => boolean;
  stop: () => Promise<void>;
}

const running = new Set<Child>();

export function startChild(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string> },
): Child {
  const proc: ChildProcess = spawn(command, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (proc.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const pid = proc.pid;
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let hasExited = false;
  const exit = new Promise<void>((resolve) => {
    proc.once('exit', () => {
      hasExited = true;
      running.delete(child);
      resolve();
    });
  });

  const child: Child = {
    name,
    pid,
    output: () => log,
    exited: () => hasExited,
    async stop() {
      if (hasExited) return;
      signalGroup(pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
      // tsx's own node child may outlive the wrapper by a moment.
      signalGroup(pid, 'SIGKILL');
    },
  };
  running.add(child);
  return child;
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((c) => c.stop()));
}

const exitHooks = new Set<() => void>();

/** Registers a synchronous clean-up (e.g. killing a browser) for an abnormal exit; returns its removal. */
export function onExit(hook: () => void): () => void {
  exitHooks.add(hook);
  return () => exitHooks.delete(hook);
}

// Whatever happens to the bench, its servers and browsers do not outlive it.
process.on('exit', () => {
  for (const c of running) signalGroup(c.pid, 'SIGKILL');
  for (const hook of exitHooks) hook();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
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

/** Polls until the URL answers at all (any status), or fails with the child's output. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exited()) throw new Error(`${child.name} exited before it was ready:\n${child.output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.output()}`);
}

/** Runs a command to completion (inherits the terminal), failing on a non-zero exit. */
export function runToCompletion(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { cwd, stdio: 'inherit' });
    proc.once('error', reject);
    proc.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
