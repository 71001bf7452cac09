import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context as HonoContext } from 'hono';
import { acceptsGzip } from '../compression';
import type { RouteDeps } from './deps';
import { bareShell, firstScreens, pageDataElement, withShellMain } from './first-screen';

/** Content types the build writes compressed copies of (see apps/web's vite.config.ts). */
const compressible = /^(?:text\/|application\/(?:javascript|json|manifest\+json)|image\/svg\+xml)/;

/**
 * The Content-Security-Policy's sources for the <style> elements of the built index.html (the app
 * shell's, painted before the stylesheet arrives): each by its hash, so no other inline style runs.
 */
export function inlineStyleHashes(webDist: string | undefined): string[] {
  const index = webDist && join(webDist, 'index.html');
  if (!index || !existsSync(index)) return [];
  return [...readFileSync(index, 'utf8').matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The built web app (index.html + assets), when there is one: files with their caching, and
 * every other path answered with the app, whose router shows the screen or its 404.
 */
export function webAppRoutes(webDist: string | undefined, deps: Pick<RouteDeps, 'contextOf'>) {
  const routes = new Hono();
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return routes;
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  const screens = firstScreens(webDist);
  // A screen's page: index.html with, for a signed-in visitor, their first data inside and the
  // screen's picture preloaded (routes/first-screen.ts); sign-in and its kin paint no header. Such a page is theirs alone: no cache keeps
  // it, and every cache tells pages apart by cookie. (/index.html itself, which the service worker
  // keeps for offline starts, stays the plain file.)
  const page = async (c: HonoContext) => {
    const { head, answers, main } = await screens.pageFor(c.req.path, deps.contextOf(c), c.req.query('tab'));
    let html = head ? indexHtml.replace('</head>', `${head}</head>`) : indexHtml;
    if (main) html = withShellMain(html, main);
    if (answers.length > 0) html = html.replace('</body>', `${pageDataElement(answers)}</body>`);
    if (screens.isBare(c.req.path)) html = bareShell(html);
    c.header('Cache-Control', answers.length > 0 ? 'private, no-store' : 'no-cache');
    c.header('Vary', 'Cookie, Accept-Encoding');
    if (!acceptsGzip(c.req.header('accept-encoding'))) return c.html(html);
    c.header('Content-Encoding', 'gzip');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(gzipSync(html, { level: 6 })));
  };
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
  // Home is a screen too, not the file index.html.
  routes.get('/', page);
  routes.use('*', serveStatic({ root: webDist, precompressed: true }));
  // Any other path is a client-side route: the web app shows it or its 404 screen.
  routes.get('*', page);
  return routes;
}
