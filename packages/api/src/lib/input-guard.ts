/** Where a string with a NUL character sits in a JSON-like value (['notes'], ['tags', '2']), or null. */
export function nulCharacterPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulCharacterPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = nulCharacterPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** An object written as `{…}` in JSON: not an array, null, a Date or a FormData. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

export const nulCharacterMessage = 'must not contain a NUL character (\\u0000)';
