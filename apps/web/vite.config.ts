import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { devServerOptions } from './dev-server';
import { firstScreens, sessionQuery } from './src/lib/first-screen';
import { bareScreens } from './src/lib/public-paths';
import { appIcons, appVersion, pwaOptions } from './pwa';

/**
 * sonner adds its stylesheet as an inline <style> when it loads, which the server's
 * Content-Security-Policy refuses (style-src 'self'). The app serves the same stylesheet from its
 * CSS file (packages/ui/src/styles.css), so the build drops the injection; a sonner that injects
 * differently fails the build here instead of failing the policy in a browser.
 */
function sonnerStylesFromFile(): Plugin {
  const injector = 'function __insertCSS(code) {';
  return {
    name: 'naav:sonner-styles-from-file',
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      if (!code.includes(injector))
        throw new Error(`sonner no longer declares "${injector}": check how it adds its styles`);
      return { code: code.replace(injector, `${injector} return;`), map: null };
    },
  };
}

/**
 * What each screen asks the server for first (src/lib/first-screen.ts), and which screens stand
 * without the site's header (src/lib/public-paths.ts), beside Vite's manifest: the server reads it
 * to send a screen's page with its data inside and the right shell (apps/server/src/routes/first-screen.ts).
 */
function firstScreenTable(): Plugin {
  return {
    name: 'naav:first-screen-table',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/first-screen.json',
        source: JSON.stringify({ sessionQuery, screens: firstScreens, bare: bareScreens }),
      });
    },
  };
}

/**
 * The stylesheet goes from the head to the end of the body: the app shell above it (index.html,
 * styled by its own <style>) paints as soon as the page arrives instead of waiting for it, while
 * the app's module script still waits for it (a parser-inserted stylesheet blocks scripts), so
 * the app never draws unstyled. Vite writes its tags into index.html after the HTML transforms
 * and the compressed copies are made beside the manifest, so this runs last and writes them again.
 */
function stylesheetAfterShell(): Plugin {
  const stylesheet = /\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g;
  return {
    name: 'naav:stylesheet-after-shell',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const html = String(page.source);
        const links = html.match(stylesheet) ?? [];
        if (links.length === 0) throw new Error('index.html has no stylesheet link to move after the app shell');
        const moved = links.map((link) => `    ${link.trim()}\n`).join('');
        page.source = html.replace(stylesheet, '').replace('  </body>', `${moved}  </body>`);
        const copies = {
          'index.html.br': () => brotliCompressSync(page.source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          'index.html.gz': () => gzipSync(page.source, { level: 9 }),
        };
        for (const [name, compress] of Object.entries(copies)) {
          const copy = bundle[name];
          if (copy?.type === 'asset') copy.source = compress();
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    sonnerStylesFromFile(),
    firstScreenTable(),
    stylesheetAfterShell(),
    appIcons(),
    // The manifest and the service worker (Workbox): see pwa.ts.
    VitePWA(pwaOptions),
    // Brotli and gzip copies of every text file of 1 KB or more (name.js.br, name.js.gz), made
    // once here at the strongest settings; the server sends the one the browser accepts.
    compression({
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      exclude: /^\.vite\//,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  // `~/…` is apps/web/src (tsconfig.json's paths say the same for the typecheck).
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: devServerOptions(process.env),
  // Names the build: the offline copy of the query cache is dropped when it changes (src/lib/offline-cache.ts).
  define: { __APP_VERSION__: JSON.stringify(appVersion()) },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The manifest (dist/.vite/manifest.json) lets `pnpm bench` measure each route's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the app loads before its first screen in one chunk beside the entry: left
          // to itself the bundler split it into about fifty small files (each module shared with a
          // lazy route became a file), fetched and compiled one by one at every start. The entry
          // module stays the entry chunk, which index.html loads.
          groups: [
            {
              name: 'app',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]src[\\/]main\.tsx$|[\\/]index\.html$/.test(id),
            },
            // An event's time, its type's icon and its status go together wherever an event is drawn (Home,
            // My Trips, a trip's itinerary); left alone, a dialog that needs only the time split them apart,
            // which made Home's first load fetch three small files instead of one.
            { name: 'event-time', test: /[\\/]src[\\/]components[\\/]event-(time|type-icon|status-badge)\.tsx$/ },
          ],
        },
      },
    },
  },
});
