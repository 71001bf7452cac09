import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { TooManyRequestsError } from '../throttle';
import { fileLabel, type ParsedFile } from './parsed-file';
import type { SourceFile } from './read-file';

// Node's own worker_threads with a small pool rather than piscina: one fewer dependency to bundle,
// and terminating a worker on its budget is all the pool needs beyond reuse. Each worker thread
// runs at the lowest scheduling priority (parse-worker.ts), so on a machine of few cores the
// kernel gives the request thread the CPU first and a parse takes only what requests leave.
// (Child processes at that priority, their garbage collector included, were tried: sending each
// file over a pipe and starting a process after every file over its budget cost the request
// thread more than they saved; see the isolation bench.)

/** The budgets of the booking parser; the README's Security section states them. */
export const bookingParserBudgets = {
  /** Wall time one file may take in its worker before the worker is ended. */
  timeMs: 2000,
  /** The worker's V8 old-generation heap. */
  memoryMb: 128,
  /** Previews of one user queued or being read at once; beyond, 429. */
  perUser: 2,
  /**
   * Worker threads reading files at once, for everyone: 2, and never every core of the machine,
   * so the request thread keeps one of its own (one worker on a 2-core machine).
   */
  workers: Math.max(1, Math.min(2, availableParallelism() - 1)),
  /** Retry-After of the 429. */
  retryAfterSeconds: 5,
};

/** The worker script: booking-parser.js beside the bundled server, else the TypeScript source run through tsx. */
function workerScript(): URL {
  const bundled = new URL('./booking-parser.js', import.meta.url);
  return existsSync(fileURLToPath(bundled)) ? bundled : new URL('./parse-worker.dev.mjs', import.meta.url);
}

interface PoolWorker {
  worker: Worker;
  ready: Promise<void>;
  idleTimer?: NodeJS.Timeout;
}

/** An idle worker ends after this long without a file, giving its memory back. */
const idleMs = 30_000;

/** Back to the idle list, ended when it has had nothing to read for `idleMs`. */
function putBack(pooled: PoolWorker): void {
  pooled.idleTimer = setTimeout(() => {
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
    void pooled.worker.terminate();
  }, idleMs);
  pooled.idleTimer.unref();
  idle.push(pooled);
}

function takeIdle(): PoolWorker | undefined {
  const pooled = idle.pop();
  if (pooled) clearTimeout(pooled.idleTimer);
  return pooled;
}

const idle: PoolWorker[] = [];
let nextId = 0;

/**
 * `limit` places shared by everyone, taken in turns: while they are all taken, each user waiting
 * has their own queue and the next free place goes to the next user in turn, so one user's many
 * files never wait ahead of another user's first one.
 */
export function createFairSlots(limit: number) {
  let running = 0;
  // Users in the order their turn comes (a Map keeps insertion order).
  const waiting = new Map<string, (() => void)[]>();
  return {
    async take(userId: string): Promise<void> {
      if (running < limit) {
        running++;
        return;
      }
      await new Promise<void>((resolve) => {
        const queue = waiting.get(userId);
        if (queue) queue.push(resolve);
        else waiting.set(userId, [resolve]);
      });
    },
    release(): void {
      const first = waiting.entries().next();
      if (first.done) {
        running--;
        return;
      }
      const [userId, queue] = first.value;
      const next = queue.shift()!;
      // This user goes to the back of the turn: the next user waiting is served first.
      waiting.delete(userId);
      if (queue.length > 0) waiting.set(userId, queue);
      next();
    },
  };
}

const slots = createFairSlots(bookingParserBudgets.workers);

function spawn(): PoolWorker {
  const worker = new Worker(workerScript(), {
    resourceLimits: { maxOldGenerationSizeMb: bookingParserBudgets.memoryMb },
  });
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean }) => {
      if (!message.ready) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
  // A failure to load is seen by the task awaiting `ready`; none is left unhandled.
  ready.catch(() => undefined);
  return { worker, ready };
}

/** One file read in a worker within its budgets; a file over them becomes a warning naming it. */
async function parseInWorker(file: SourceFile, userId: string): Promise<ParsedFile> {
  const label = fileLabel(file);
  const overBudget = (why: string): ParsedFile => {
    const message = `${label} could not be read: ${why}`;
    return { bookings: [], warnings: [message], failure: message };
  };
  await slots.take(userId);
  const pooled = takeIdle() ?? spawn();
  let healthy = false;
  try {
    await pooled.ready;
    const id = nextId++;
    const parsed = await new Promise<ParsedFile | 'time' | 'crash'>((resolve) => {
      const timer = setTimeout(() => done('time'), bookingParserBudgets.timeMs);
      const onMessage = (message: { id?: number; parsed?: ParsedFile }) => {
        if (message.id === id && message.parsed) done(message.parsed);
      };
      const onEnd = () => done('crash');
      function done(result: ParsedFile | 'time' | 'crash') {
        clearTimeout(timer);
        pooled.worker.off('message', onMessage);
        pooled.worker.off('error', onEnd);
        pooled.worker.off('exit', onEnd);
        resolve(result);
      }
      pooled.worker.on('message', onMessage);
      pooled.worker.once('error', onEnd);
      pooled.worker.once('exit', onEnd);
      pooled.worker.postMessage({ id, file });
    });
    if (parsed === 'time')
      return overBudget(`it took longer than the ${bookingParserBudgets.timeMs / 1000} s a file may take`);
    if (parsed === 'crash') return overBudget('it needed more memory than a file may use');
    healthy = true;
    return parsed;
  } catch {
    return overBudget('the reader could not start');
  } finally {
    if (healthy) putBack(pooled);
    else void pooled.worker.terminate();
    slots.release();
  }
}

const perUser = new Map<string, number>();
/** Per user, the refused previews waiting to be answered until one of the user's places frees. */
const refusedWaiting = new Map<string, Set<() => void>>();

/**
 * Holds one of the user's `perUser` places for a preview, or throws the 429 when they are all
 * taken; the answer releases it (once, however often it is called). The upload route takes its
 * place before it reads the body, so a refused preview costs the server no parsing of its files.
 * A refusal is answered once one of the user's previews ends (at most Retry-After later), its
 * upload unread meanwhile: a client that sends again at once sends at the pace its previews end,
 * not megabytes back to back.
 */
export async function reservePreview(userId: string): Promise<() => void> {
  const held = perUser.get(userId) ?? 0;
  if (held >= bookingParserBudgets.perUser) {
    await new Promise<void>((resolve) => {
      const waiters = refusedWaiting.get(userId) ?? new Set<() => void>();
      refusedWaiting.set(userId, waiters);
      const timer = setTimeout(done, bookingParserBudgets.retryAfterSeconds * 1000);
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && refusedWaiting.get(userId) === waiters) refusedWaiting.delete(userId);
        resolve();
      }
      waiters.add(done);
    });
    throw new TooManyRequestsError('booking previews at once', bookingParserBudgets.retryAfterSeconds);
  }
  perUser.set(userId, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (perUser.get(userId) ?? 1) - 1;
    if (left > 0) perUser.set(userId, left);
    else perUser.delete(userId);
    for (const answer of [...(refusedWaiting.get(userId) ?? [])]) answer();
  };
}

/**
 * Reads each file in the worker pool, one file per task, for the user `userId`. At most
 * `perUser` previews of one user are queued or read at once: another is a 429 with Retry-After.
 * `reserved`: the caller already holds the user's place (reservePreview) and releases it itself.
 */
export async function parseBookingFiles(
  userId: string,
  files: SourceFile[],
  { reserved = false }: { reserved?: boolean } = {},
): Promise<ParsedFile[]> {
  const release = reserved ? () => undefined : await reservePreview(userId);
  try {
    return await Promise.all(files.map((file) => parseInWorker(file, userId)));
  } finally {
    release();
  }
}
