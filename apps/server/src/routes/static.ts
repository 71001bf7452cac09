import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/** Content types the build writes compressed copies of (see apps/web's vite.config.ts). */
const compressible = /^(?:text\/|application\/(?:javascript|json|manifest\+json)|image\/svg\+xml)/;

/**
 * The built web app (index.html + assets), when there is one: files with their caching, and
 * every other path answered with the app, whose router shows the screen or its 404.
 */
export function webAppRoutes(webDist: string | undefined) {
  const routes = new Hono();
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return routes;
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  // Vite's build manifest (dist/.vite) is for tools such as `pnpm bench`, not for browsers.
  routes.all('/.vite/*', (c) => c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404));
  // Hashed bundles never change; everything else is revalidated.
  routes.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Pictures keep their names across releases: a week, then revalidated in the background.
  routes.use('/images/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=604800, stale-while-revalidate=86400');
  });
  // The service worker and the manifest keep their names across releases: the browser asks
  // every time, so a new version is found on the next visit (the worker then waits for the
  // traveller's Reload; see apps/web/pwa.ts).
  routes.use('/sw.js', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
  });
  routes.use('/manifest.webmanifest', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
  });
  // Text files go out as the Brotli or gzip copy the build wrote beside them (see apps/web's
  // vite.config.ts), whichever the browser accepts; every variant says it has siblings, so no
  // shared cache hands one to the wrong client.
  routes.use('*', async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('vary') && compressible.test(c.res.headers.get('content-type') ?? ''))
      c.header('Vary', 'Accept-Encoding');
  });
  routes.use('*', serveStatic({ root: webDist, precompressed: true }));
  // Any other path is a client-side route: the web app shows it or its 404 screen.
  routes.get('*', (c) => c.html(indexHtml));
  return routes;
}
