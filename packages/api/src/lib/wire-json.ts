import superjson, { type SuperJSONResult } from 'superjson';

/**
 * Whether `value` holds only JSON's own values (plain objects and arrays, strings, finite
 * numbers other than -0, booleans, null), each object once: what superjson sends as `{ json }`
 * alone, with nothing to mark in its `meta`.
 */
function isPlainJson(value: unknown, seen: Set<object>): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      // Twice in one answer: superjson marks the reference.
      if (seen.has(value)) return false;
      seen.add(value);
      const proto = Object.getPrototypeOf(value);
      if (proto === Array.prototype) {
        const list = value as unknown[];
        for (let i = 0; i < list.length; i++) if (!isPlainJson(list[i], seen)) return false;
        return true;
      }
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key of Object.keys(value))
        if (!isPlainJson((value as Record<string, unknown>)[key], seen)) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * tRPC's transformer: superjson's wire format both ways. An answer made only of JSON's own
 * values (most answers: rows of text and numbers) goes out as `{ json: value }` at once, which
 * is what superjson writes for it after a walk of its own (paths, reference tracking, a copy)
 * that cost a day plan's answer more than reading it from the database. Anything else (a Date,
 * undefined, -0, NaN, a Map, an object met twice…) goes through superjson as before.
 */
export const wireJson = {
  serialize: (value: unknown): SuperJSONResult =>
    isPlainJson(value, new Set()) ? { json: value as SuperJSONResult['json'] } : superjson.serialize(value),
  deserialize: (payload: unknown): unknown => superjson.deserialize(payload as SuperJSONResult),
};
