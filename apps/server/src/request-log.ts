import type { MiddlewareHandler } from 'hono';

/**
 * Paths that carry a secret (a share link's or a calendar feed's token): whoever reads the
 * log must not be able to open the itinerary with it.
 */
const tokenPaths = [/^(\/share\/)[^/]+()/, /^(\/api\/share\/)[^/]+()/, /^(\/api\/calendar\/)[^/]+?(\.ics)?$/];

/** The path with any share or calendar token replaced by `[token]`. */
export function maskTokens(path: string): string {
  for (const pattern of tokenPaths) {
    if (pattern.test(path))
      return path.replace(
        pattern,
        (_m, prefix: string, suffix: string | undefined) => `${prefix}[token]${suffix ?? ''}`,
      );
  }
  return path;
}

/** One line per request: method, path (tokens masked), status, duration. */
export function requestLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    log(`${c.req.method} ${maskTokens(c.req.path)} ${c.res.status} ${ms}ms`);
  };
}

/**
 * Request lines gathered and written together (at most every `intervalMs`, sooner past 16 KB,
 * and when the process exits) instead of one write per request: a write per line took about
 * a tenth of a request's CPU. A few lines of our own rather than a logging library's
 * destination, which writes from another thread and could split lines among other output.
 */
export function bufferedLog(
  stream: { write(text: string): unknown },
  intervalMs = 100,
): { write: (line: string) => void; flush: () => void } {
  let lines: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    bytes = 0;
    stream.write(text);
  };
  setInterval(flush, intervalMs).unref();
  process.on('exit', flush);
  return {
    write(line) {
      lines.push(`${line}\n`);
      bytes += line.length + 1;
      if (bytes >= 16 * 1024) flush();
    },
    flush,
  };
}

/**
 * A log that cannot be written (a full disk, a closed pipe) must not stop the server: Node
 * would throw the stream's error (ENOSPC, EPIPE) as an uncaught exception. The lines are lost;
 * requests go on being answered.
 */
export function keepRunningWhenOutputFails(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
