import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, restCalls, type TestServer } from './harness';
import { json, restError } from './http';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let server: TestServer;
let cookie: string;
let agent: string;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'naav-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Naav</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  server = await createTestServer({ webDist: dist });
  cookie = await server.signIn('traveller@naav.example');
  agent = await server.signIn('agent@naav.example');
  // Sign-ins hash passwords (scrypt): slow on a busy machine.
}, 60_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const { get, send } = restCalls(
  () => server,
  () => cookie,
);

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives['default-src'], what).toEqual(["'self'"]);
  expect(directives['script-src'], what).toEqual(["'self'"]);
  expect(directives['style-src'], what).toEqual(["'self'"]);
  expect(directives['img-src'], what).toEqual(["'self'", 'data:']);
  expect(directives['frame-ancestors'], what).toEqual(["'none'"]);
  expect(directives['object-src'], what).toEqual(["'none'"]);
  expect(csp, what).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('strict-transport-security'), what).toBeNull();
}

describe('security headers', () => {
  it('are on every answer: pages, files, API, tRPC, errors and 404s', async () => {
    const photo = new FormData();
    photo.append('file', new File([png], 'p.png', { type: 'image/png' }));
    const [uploaded] = await json<{ url: string }[]>(
      await server.request('/api/trips/trip-lisbon/photos', { method: 'POST', headers: { cookie }, body: photo }),
    );
    const answers: [string, Response][] = [
      ['the web app', await server.request('/my-trips')],
      ['a bundle', await server.request('/assets/index-abc123.js')],
      ['the API', await get('/api/trips')],
      ['an API 401', await get('/api/trips', null)],
      ['an API 404', await get('/api/nope')],
      ['a 400', await send('POST', '/api/trips', {})],
      ['tRPC', await server.request('/trpc/trips.list', { headers: { cookie } })],
      ['a photo', await get(uploaded!.url)],
      ['the calendar', await get('/api/trips/trip-lisbon/calendar.ics')],
      ['the docs', await server.request('/api/docs')],
      ['the docs’ styles', await server.request('/api/docs.css')],
      [
        'sign-in',
        await send(
          'POST',
          '/api/auth/sign-in/email',
          { email: 'traveller@naav.example', password: 'wrong-password' },
          null,
        ),
      ],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
  });

  it('add HSTS only when the app is served over https', async () => {
    const https = await createTestServer({ seed: false, publicUrl: 'https://naav.example' });
    expect((await https.request('/api/health')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await get('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('caching', () => {
  it('nothing personal is stored by any cache: every API and tRPC answer is no-store', async () => {
    const [document] = await json<{ id: string }[]>(await get('/api/documents'));
    const { sharePath } = await json<{ sharePath: string }>(await send('POST', '/api/trips/trip-lisbon/share'));
    const { calendarPath } = await json<{ calendarPath: string }>(
      await send('POST', '/api/trips/trip-lisbon/calendar-subscription'),
    );
    for (const [what, res] of [
      ['a passport', await get(`/api/documents/${document!.id}`)],
      ['allergies', await get('/api/profile/food-preferences')],
      ['an agent’s client list', await get('/api/clients', agent)],
      [
        'tRPC',
        await server.request('/trpc/documents.list,interests.foodPreferences?batch=1&input={}', {
          headers: { cookie },
        }),
      ],
      ['an error', await get('/api/trips/nope')],
      ['the calendar', await get('/api/trips/trip-lisbon/calendar.ics')],
      ['the CSV export', await get('/api/trips/trip-lisbon/expenses.csv')],
      ['the share page’s data', await get(`/api${sharePath}`, null)],
      ['the calendar feed', await get(calendarPath, null)],
      ['the session', await get('/api/auth/get-session')],
    ] as const) {
      expect(res.status, what).toBeLessThan(500);
      expect(res.headers.get('cache-control'), what).toBe('no-store');
    }
  });
});

describe('imageUrl', () => {
  const trip = {
    title: 'Porto',
    destination: 'Portugal',
    location: 'Porto',
    startDate: '2031-05-01',
    endDate: '2031-05-03',
  };

  it('takes the app’s own pictures and uploaded photos', async () => {
    for (const imageUrl of [
      '/images/lisbon.svg',
      '/api/photos/7f3c2a/file',
      '/api/photos/7f3c2a/thumbnail',
      '',
      null,
    ]) {
      const res = await send('POST', '/api/trips', { ...trip, imageUrl });
      expect(res.status, String(imageUrl)).toBe(200);
    }
  });

  it('refuses anything else with a 400 naming imageUrl, wherever it is taken', async () => {
    const outside = [
      'https://evil.example/pixel.png',
      'http://127.0.0.1:9/x.png',
      '//evil.example/x.png',
      '/images/../api/me',
      'data:image/png;base64,AAAA',
      '/share/abc',
      'javascript:alert(1)',
      '/images/x.png?track=1',
    ];
    for (const imageUrl of outside) {
      const body = await restError(await send('POST', '/api/trips', { ...trip, imageUrl }), 400, 'BAD_REQUEST');
      expect(
        body.issues?.map((i) => i.path.join('.')),
        imageUrl,
      ).toEqual(['imageUrl']);
    }
    const bad = 'https://evil.example/pixel.png';
    const paths: [string, string, unknown, string?][] = [
      ['PATCH', '/api/trips/trip-lisbon', { imageUrl: bad }],
      ['POST', '/api/trips/trip-lisbon/companions', { name: 'Sam', relationship: 'Friend', imageUrl: bad }],
      [
        'POST',
        '/api/travels/history',
        {
          title: 'Walk',
          location: 'Lisbon',
          startDate: '2020-01-01',
          endDate: '2020-01-02',
          highlights: [],
          tags: [],
          imageUrl: bad,
        },
      ],
      ['PATCH', '/api/proposals/proposal-draft', { imageUrl: bad }, agent],
    ];
    for (const [method, path, body, as] of paths) {
      const res = await send(method, path, body, as ?? cookie);
      const error = await restError(res, 400, 'BAD_REQUEST');
      expect(
        error.issues?.map((i) => i.path.join('.')),
        path,
      ).toEqual(['imageUrl']);
    }
  });
});
