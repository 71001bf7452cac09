/** Joins class names, skipping falsy ones. Internal helper, not part of the package's API. */
export function classNames(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
