/** Screens a signed-out visitor may open; every other path sends them to sign-in first. */
const publicPaths = new Set(['/sign-in', '/sign-up', '/privacy', '/terms', '/cookies']);

export function isPublicPath(pathname: string): boolean {
  return publicPaths.has(pathname) || pathname.startsWith('/share/');
}

/** Sign-in and sign-up stand alone, without the site's header and footer. */
export function isBarePath(pathname: string): boolean {
  return pathname === '/sign-in' || pathname === '/sign-up';
}
