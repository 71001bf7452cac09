import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
      if (!groupAlive(pid)) return;
      signalGroup(pid, 'SIGTERM');
      // The whole group, not just our child: tsx's wrapper may exit before the node process
      // it runs, which may still be finishing (writing a CPU profile, say).
      const deadline = Date.now() + 5_000;
      while (groupAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      signalGroup(pid, 'SIGKILL');
      await exit;
    },
  };
  running.add(child);
  return child;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
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
export async function waitForHttp(url: string, child: Child, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exited()) throw new Error(`${child.name} exited before it was ready:\n${child.output()}`);
    try {
      // Generous per try: on a busy machine a first answer can take seconds.
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
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

/**
 * One bench at a time on this machine: two at once would each measure the other. Waits
 * (up to `timeoutMs`) while another live bench holds the lock; a lock left by a dead one
 * is taken over. Returns the release function.
 */
export async function benchLock(timeoutMs = 10 * 60_000): Promise<() => void> {
  const path = join(tmpdir(), 'naav-bench.lock');
  const deadline = Date.now() + timeoutMs;
  let told = false;
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(path, { force: true });
      onExit(release);
      return release;
    } catch {
      let holder = 0;
      try {
        holder = Number(readFileSync(path, 'utf8').trim()) || 0;
      } catch {
        continue; // Released in the meantime.
      }
      if (!holder) {
        // Created, its pid not written yet.
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      if (!pidAlive(holder)) {
        rmSync(path, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another pnpm bench (pid ${holder}) is still running`);
      if (!told) console.log(`Waiting for another pnpm bench (pid ${holder}) to finish…`);
      told = true;
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
