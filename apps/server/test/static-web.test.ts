import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    // The compressed copies the web app's build writes beside each text file.
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    writeFileSync(
      join(dist, 'images', 'lisbon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
    );
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(
      join(dist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Naav', start_url: '/', display: 'standalone' }),
    );
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

  it('has the browser ask again for the service worker and the manifest every time, allowed by the Content-Security-Policy', async () => {
    const worker = await server.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await server.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    // Same-origin scripts (a worker falls back to script-src) and manifests (default-src) only.
    const policy = (await server.request('/')).headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).toMatch(/default-src 'self'/);
  });

  it('sends text files Brotli-compressed to browsers that accept it', async () => {
    const res = await server.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it('sends the gzip copy to browsers without Brotli and the file itself to clients that accept neither, each marked Vary', async () => {
    const gzipped = await server.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(script);
    const plain = await server.request('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
    for (const res of [gzipped, plain]) expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('gzips API answers of 1 KB or more for clients that accept gzip, and sends smaller ones as they are', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const document = await server.request('/api/openapi.json', { headers });
    expect(document.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await document.arrayBuffer())).toString())).toHaveProperty('openapi');
    const health = await server.request('/api/health', { headers });
    expect(health.status).toBe(200);
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(await health.json()).toBeTruthy();
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
