import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The brand colour of the theme (tooling/tailwind/theme.css, --color-brand-600). */
const themeColor = '#177067';
const favicon = readFileSync(fileURLToPath(new URL('public/favicon.svg', import.meta.url)), 'utf8');

/**
 * A maskable icon fills its square edge to edge and keeps what matters inside the middle 80 %
 * circle (launchers cut it to a circle, a squircle or a rounded square): the favicon's compass
 * on the brand colour, scaled into that circle.
 */
function maskableSvg(): string {
  const inner = favicon
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<title>.*?<\/title>/, '');
  const compass = inner.replace(/<rect[^>]*\/>/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${themeColor}"/><g transform="translate(16 16) scale(0.68) translate(-16 -16)">${compass}</g></svg>`;
}

const icons = [
  { fileName: 'icons/icon-192.png', size: 192, svg: () => favicon },
  { fileName: 'icons/icon-512.png', size: 512, svg: () => favicon },
  { fileName: 'icons/maskable-512.png', size: 512, svg: maskableSvg },
  { fileName: 'icons/apple-touch-icon.png', size: 180, svg: maskableSvg },
];

/** The home-screen icons, drawn from the favicon at build time (no binary files in the repository). */
export function appIcons(): Plugin {
  return {
    name: 'naav:app-icons',
    apply: 'build',
    async generateBundle() {
      for (const icon of icons) {
        const source = await sharp(Buffer.from(icon.svg()), { density: Math.ceil((72 * icon.size) / 32) })
          .resize(icon.size, icon.size)
          .png({ compressionLevel: 9 })
          .toBuffer();
        this.emitFile({ type: 'asset', fileName: icon.fileName, source });
      }
    },
  };
}

/** The build's name: the commit it was built from, or the time when there is no git. */
export function appVersion(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return `build-${Date.now()}`;
  }
}

/**
 * The installable app: its manifest, and a Workbox service worker that precaches the app shell
 * and every route's chunk, answers navigations with index.html (except the API, tRPC and files),
 * and keeps the photos the traveller has seen in a cache of their own (deleted on sign-out).
 * A new version waits until the traveller chooses to reload (registerType 'prompt',
 * src/components/update-prompt.tsx); the page registers it from its bundle, as the
 * Content-Security-Policy allows no inline script.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: 'Naav',
    short_name: 'Naav',
    description:
      'Naav — Navigation Assistant for Aspirations & Voyages. Look back on past trips, run the current one and plan the next.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColor,
    background_color: '#f6f7f8',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    // Build metadata is for tools, not browsers (the server answers 404 there).
    globIgnores: ['.vite/**'],
    navigateFallback: '/index.html',
    // The API, tRPC and files (anything with an extension, such as a calendar or a CSV) are the
    // server's to answer, never the app shell.
    navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/trpc(?:\/|$)/, /\/[^/?]+\.[a-z0-9]+(?:\?.*)?$/i],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Photos already seen stay viewable offline; an id never gets other bytes (see the server).
        // No expiration plugin: it keeps its own IndexedDB database in the worker, which sign-out
        // could not delete at once; sign-out deletes this cache instead.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/api\/photos\/[^/]+\/(?:file|thumbnail)$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'naav-photos',
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};
