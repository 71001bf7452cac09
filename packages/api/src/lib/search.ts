/**
 * The words of a search as an FTS5 query: each word a quoted prefix, all of them required.
 * Only letters and digits reach the query, so quotes, `*`, `-`, `NEAR` or parentheses typed
 * in are words or separators, never syntax. Null when there is no word to look for.
 */
export function searchMatch(q: string): string | null {
  const words = q.normalize('NFC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return words.length === 0
    ? null
    : words
        .slice(0, 20)
        .map((w) => `"${w}"*`)
        .join(' ');
}
