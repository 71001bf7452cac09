import type { MiddlewareHandler } from 'hono';

/**
 * Paths that carry a secret (a share link's or a calendar feed's token): whoever reads the
 * log must not be able to open the itinerary with it.
 */
const tokenPaths = [/^(\/share\/)[^/]+()/, /^(\/api\/share\/)[^/]+()/, /^(\/api\/calendar\/)[^/]+?(\.ics)?$/];

/** The path with any share or calendar token replaced by `[token]`. */
export function maskTokens(path: string): string {
  for (const pattern of tokenPaths) {
    if (pattern.test(path)) return path.replace(pattern, (_m, prefix: string, suffix: string | undefined) => `${prefix}[token]${suffix ?? ''}`);
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
 * A log that cannot be written (a full disk, a closed pipe) must not stop the server: Node
 * would throw the stream's error (ENOSPC, EPIPE) as an uncaught exception. The lines are lost;
 * requests go on being answered.
 */
export function keepRunningWhenOutputFails(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
}
