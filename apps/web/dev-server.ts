import type { ServerOptions } from 'vite';

/**
 * `pnpm dev`'s Vite server: the app with HMR on WEB_PORT (default 5173; the API server
 * trusts that origin, see apps/server/src/env.ts), forwarding API calls to the server on
 * PORT (default 3000), the variable the server itself listens on. One variable per port.
 */
export function devServerOptions(env: Record<string, string | undefined>): ServerOptions {
  const api = `http://127.0.0.1:${env['PORT'] || 3000}`;
  return {
    port: Number(env['WEB_PORT'] || 5173),
    // Another port would be an origin the server does not trust: stop and say so instead.
    strictPort: true,
    proxy: { '/api': api, '/trpc': api },
  };
}
