import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

// The built web app as the browser gets it: caching, compression and client-side routes.
describe('serving the web app', () => {
  let server: TestServer;
  let dist: string;
  const script = `console.log(${JSON.stringify('naav '.repeat(400))});`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'naav-dist-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'images'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Naav</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'images', 'lisbon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    server = await createTestServer({ seed: false, webDist: dist });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('caches hashed bundles for a year and pictures for a week', async () => {
    const bundle = await server.request('/assets/index-abc123.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const picture = await server.request('/images/lisbon.svg');
    expect(picture.status).toBe(200);
    expect(picture.headers.get('cache-control')).toMatch(/^public, max-age=604800\b/);
  });

  it('sends text files Brotli-compressed to browsers that accept it', async () => {
    const res = await server.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it('answers client-side routes with the app and keeps build metadata private', async () => {
    const route = await server.request('/my-trips');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');

    expect((await server.request('/.vite/manifest.json')).status).toBe(404);
    const api = await server.request('/api/no-such-path');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
