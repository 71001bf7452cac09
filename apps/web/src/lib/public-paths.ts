/** Screens a signed-out visitor may open; every other path sends them to sign-in first. */
const publicPaths = new Set([
  '/sign-in',
  '/sign-up',
  '/forgot-password',
  '/reset-password',
  '/email-verified',
  '/privacy',
  '/terms',
  '/cookies',
]);

/**
 * The screens around signing in, which stand alone without the site's header and footer. The
 * build hands this to the server too (vite.config.ts), whose page for them paints no header.
 */
export const bareScreens = {
  paths: ['/sign-in', '/sign-up', '/forgot-password', '/reset-password', '/email-verified'],
  prefixes: ['/invitations/'],
};
const barePaths = new Set(bareScreens.paths);

export function isPublicPath(pathname: string): boolean {
  return publicPaths.has(pathname) || pathname.startsWith('/share/') || pathname.startsWith('/invitations/');
}

/** Sign-in, sign-up and the screens their messages lead to stand alone, without the site's header and footer. */
export function isBarePath(pathname: string): boolean {
  return barePaths.has(pathname) || bareScreens.prefixes.some((prefix) => pathname.startsWith(prefix));
}
