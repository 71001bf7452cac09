/** Only a path on this site may be a post-sign-in destination (never another origin). */
export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/';
  if (target.startsWith('/sign-in') || target.startsWith('/sign-up')) return '/';
  return target;
}
