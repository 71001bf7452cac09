import { describe, expect, it } from 'vitest';
import { devServerOptions } from './dev-server';

describe("pnpm dev's Vite server", () => {
  it('listens on 5173 and forwards the API to the server on 3000 by default', () => {
    expect(devServerOptions({})).toMatchObject({
      port: 5173,
      strictPort: true,
      proxy: { '/api': 'http://127.0.0.1:3000', '/trpc': 'http://127.0.0.1:3000' },
    });
  });

  it('follows PORT (the server’s) for the API and WEB_PORT for itself', () => {
    expect(devServerOptions({ PORT: '3001', WEB_PORT: '5200' })).toMatchObject({
      port: 5200,
      proxy: { '/api': 'http://127.0.0.1:3001', '/trpc': 'http://127.0.0.1:3001' },
    });
  });
});
