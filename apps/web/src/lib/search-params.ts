/**
 * The routes' search schemas (`validateSearch: searchSchema({ tab: tabParam(tabs) })`; the router
 * calls its `parse`). Every param is optional, and one that is malformed is dropped, so the screen
 * falls back to its default instead of showing an error page. Unknown params are dropped too.
 * Plain functions rather than zod: every route's search schema is part of the JavaScript loaded
 * before the first screen, and zod (even zod/mini) weighs more than the screen.
 */

/** A param: its value when `raw` is valid, otherwise undefined. */
export type SearchParam<T> = (raw: unknown) => T | undefined;

type Parsed<Shape extends Record<string, SearchParam<unknown>>> = {
  [K in keyof Shape]?: Shape[K] extends SearchParam<infer T> ? T : never;
};

/** A route's search schema: each param of `shape` that is valid; unknown and malformed ones dropped. */
export function searchSchema<Shape extends Record<string, SearchParam<unknown>>>(shape: Shape) {
  return {
    parse(input: Parsed<Shape>): Parsed<Shape> {
      const raw = (input ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, param] of Object.entries(shape)) {
        const value = param(raw[key]);
        if (value !== undefined) out[key] = value;
      }
      return out as Parsed<Shape>;
    },
  };
}

/** One of a fixed list of values (a screen's tabs, a view). */
export const tabParam =
  <const T extends readonly [string, ...string[]]>(tabs: T): SearchParam<T[number]> =>
  (raw) =>
    typeof raw === 'string' && (tabs as readonly string[]).includes(raw) ? (raw as T[number]) : undefined;

/** Free text as given (a redirect path, a token, an error code). */
export const textParam: SearchParam<string> = (raw) => (typeof raw === 'string' ? raw : undefined);

/** An id of at most 100 characters, not empty. */
export const idParam: SearchParam<string> = (raw) =>
  typeof raw === 'string' && raw.length >= 1 && raw.length <= 100 ? raw : undefined;

/** A calendar year. The router reads `?year=2027` as a number; a string of digits counts too. */
export const yearParam: SearchParam<number> = (raw) => {
  if (typeof raw !== 'number' && typeof raw !== 'string') return undefined;
  const year = Number(raw);
  return Number.isInteger(year) && year >= 1900 && year <= 2200 ? year : undefined;
};
