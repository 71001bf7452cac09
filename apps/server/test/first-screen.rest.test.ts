import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, sendAs } from './http';

// A screen's page as the built web app's first answer: its chunks preloaded and, for the person
// signed in, the first data of the screen inside, theirs alone.
let server: TestServer;
let dist: string;
let alex: string;
let sam: string;
const shellStyle = 'body{margin:0}';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'naav-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>Naav</title><style>${shellStyle}</style></head><body><div id="root"><div class="ns-page"><header>shell</header><main class="ns-main" aria-busy="true"><div class="ns-title"></div></main></div></div><script type="module" src="/assets/index.js"></script></body></html>`,
  );
  // What the web app's build writes from src/lib/first-screen.ts.
  writeFileSync(
    join(dist, '.vite/first-screen.json'),
    JSON.stringify({
      sessionQuery: { path: 'me.get' },
      screens: [
        {
          pattern: '/my-trips',
          queries: [{ path: 'trips.list' }, { path: 'trips.current' }],
          image: 'trips.current',
          paint: { heading: 'My Trips', currentTrip: 'trips.current' },
        },
        {
          pattern: '/trips/$id',
          queries: [{ path: 'trips.dayPlan', input: { id: '$id' } }],
          image: 'trips.dayPlan',
          paint: { trip: 'trips.dayPlan' },
        },
        {
          pattern: '/travel-documents',
          queries: [],
          paint: { heading: 'Travel <Documents>', lede: 'Passports & visas' },
        },
        {
          pattern: '/budget-tracker',
          queries: [],
          paint: { heading: 'Budget Tracker', back: { href: '/my-trips', label: 'Back to My Trips' } },
        },
        {
          pattern: '/concierge',
          queries: [],
          paint: { heading: 'Travel Concierge', lede: 'For travellers', teamLede: 'For the <team>' },
        },
        {
          pattern: '/',
          queries: [],
          paint: { hero: { eyebrow: 'Naav', heading: 'Navigate', links: [{ href: '/my-trips', label: 'Start' }] } },
        },
      ],
      bare: { paths: ['/sign-in'], prefixes: ['/invitations/'] },
    }),
  );
  server = await createTestServer({ webDist: dist, now: () => new Date('2025-06-15T12:00:00Z') });
  alex = await server.signIn('traveller@naav.example');
  sam = await server.signIn('traveller2@naav.example');
}, 60_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const newTrip = async (cookie: string, title: string) =>
  (
    await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/trips', cookie, {
        title,
        destination: 'Portugal',
        location: 'Porto, Portugal',
        startDate: '2030-05-01',
        endDate: '2030-05-04',
      }),
    )
  ).id;

const page = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  server.request(path, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

/** The answers a page carries, as the web app reads them (JSON in superjson's format), or null. */
function pageData(html: string): { path: string; data: unknown }[] | null {
  const found = /<script type="application\/json" id="naav-page-data">([^<]*)<\/script>/.exec(html);
  return found ? (JSON.parse(found[1] ?? '') as { json: { path: string; data: unknown }[] }).json : null;
}

describe('a screen’s page', () => {
  it('paints no header before the app runs on sign-in and invitations, and the header everywhere else', async () => {
    for (const path of ['/sign-in', '/invitations/abc']) {
      expect(await (await page(path)).text()).toContain('<div class="ns-page ns-bare">');
    }
    for (const path of ['/', '/my-trips', '/sign-in/more']) {
      expect(await (await page(path, alex)).text()).toContain('<div class="ns-page">');
    }
  });

  it('carries each person’s own trips and nobody else’s, kept by no cache', async () => {
    const alexTrip = await newTrip(alex, 'Alex in Porto');
    const samTrip = await newTrip(sam, 'Sam in Porto </script><script>alert(1)</script>');
    const alexPage = await page('/my-trips', alex);
    const samPage = await page('/my-trips', sam);
    for (const res of [alexPage, samPage]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('vary')).toMatch(/\bCookie\b/);
    }
    const alexHtml = await alexPage.text();
    const samHtml = await samPage.text();

    const alexData = pageData(alexHtml);
    const alexList = alexData?.find((a) => a.path === 'trips.list')?.data as { id: string }[];
    expect(alexList.map((t) => t.id)).toContain(alexTrip);
    expect(alexList.map((t) => t.id)).not.toContain(samTrip);
    expect(alexData?.find((a) => a.path === 'me.get')?.data).toMatchObject({ email: 'traveller@naav.example' });
    expect(alexHtml).not.toContain('Sam in Porto');
    expect(alexHtml).not.toContain('traveller2@naav.example');

    const samData = pageData(samHtml);
    const samList = samData?.find((a) => a.path === 'trips.list')?.data as { id: string; title: string }[];
    expect(samList.map((t) => t.id)).toContain(samTrip);
    expect(samList.map((t) => t.id)).not.toContain(alexTrip);
    expect(samHtml).not.toContain('Alex in Porto');
    expect(samHtml).not.toContain('traveller@naav.example');
    // A title cannot end the data's element: the page has one script element, and the title reads back whole.
    expect(samHtml.match(/<script type="application\/json"/g)).toHaveLength(1);
    expect(samHtml.match(/<script/g)).toHaveLength(2);
    expect(samList.find((t) => t.id === samTrip)?.title).toBe('Sam in Porto </script><script>alert(1)</script>');
  });

  it('is the plain shell for a visitor who is not signed in, the same for everyone', async () => {
    const res = await page('/my-trips');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(pageData(html)).toBeNull();
    expect(html).toContain('<header>shell</header>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toMatch(/\bCookie\b/);
    // An ended or made-up session is nobody.
    expect(pageData(await (await page('/my-trips', 'naav.session_token=forged')).text())).toBeNull();
  });

  it('preloads the screen’s picture, from the trip the address names', async () => {
    const html = await (await page('/trips/trip-lisbon', alex)).text();
    expect(html).toContain('<link rel="preload" as="image" href="/images/lisbon.svg" fetchpriority="high">');
    expect(pageData(html)?.map((a) => a.path)).toEqual(['me.get', 'trips.dayPlan']);
    // Someone else's trip is not in the page (the screen asks, and shows its not-found state).
    const other = await (await page('/trips/trip-lisbon', sam)).text();
    expect(pageData(other)?.map((a) => a.path)).toEqual(['me.get']);
    expect(other).not.toContain('lisbon.svg');
  });

  it('answers Home as a screen, gzipped for browsers that accept it', async () => {
    const res = await page('/', alex, { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(pageData(html)?.map((a) => a.path)).toEqual(['me.get']);
  });

  it('paints the screen’s heading in the shell for a signed-in person, and the plain shell for a visitor', async () => {
    const html = await (await page('/travel-documents', alex)).text();
    expect(html).toContain(
      '<main class="ns-main" aria-busy="true"><h1 class="ns-h1">Travel &lt;Documents&gt;</h1><p class="ns-lede">Passports &amp; visas</p>',
    );
    expect(html).not.toContain('ns-title');
    const home = await (await page('/', alex)).text();
    expect(home).toContain('<main class="ns-main ns-wide" aria-busy="true"><section class="ns-hero">');
    expect(home).toContain('<h1>Navigate</h1><div class="ns-links"><a href="/my-trips">Start</a></div>');
    // Signed out, the screen sends the visitor to sign-in: the page paints no screen's heading.
    const signedOut = await (await page('/travel-documents')).text();
    expect(signedOut).toContain('<div class="ns-title"></div>');
    expect(signedOut).not.toContain('Documents');
    // A screen without a first paint keeps the shell's placeholders.
    expect(await (await page('/sign-in/more', alex)).text()).toContain('<div class="ns-title"></div>');
  });

  it('paints the budget’s back link, heading and a placeholder of its trip picker', async () => {
    const html = await (await page('/budget-tracker?trip=trip-lisbon', alex)).text();
    expect(html).toContain('<main class="ns-main" aria-busy="true"><a href="/my-trips" class="ns-back ns-up"><svg');
    expect(html).toContain(
      'Back to My Trips</a><div class="ns-row ns-end"><h1 class="ns-h1">Budget Tracker</h1><span class="ns-pick"></span></div>',
    );
    expect(html).not.toContain('ns-title');
    expect(await (await page('/budget-tracker')).text()).not.toContain('Budget Tracker');
  });

  it('paints the concierge’s lede in the words the person’s role reads', async () => {
    const traveller = await (await page('/concierge', alex)).text();
    expect(traveller).toContain('<h1 class="ns-h1">Travel Concierge</h1><p class="ns-lede">For travellers</p>');
    const agent = await (await page('/concierge', await server.signIn('agent@naav.example'))).text();
    expect(agent).toContain('<h1 class="ns-h1">Travel Concierge</h1><p class="ns-lede">For the &lt;team&gt;</p>');
    expect(agent).not.toContain('For travellers');
    // Signed out: the plain shell, no lede that could be the wrong one.
    const signedOut = await (await page('/concierge')).text();
    expect(signedOut).toContain('<div class="ns-title"></div>');
    expect(signedOut).not.toContain('Concierge');
  });

  it('paints a trip’s header and My Trips’ current trip from the person’s own answers, their picture first', async () => {
    const trip = await (await page('/trips/trip-lisbon', alex)).text();
    expect(trip).toContain('<main class="ns-main ns-trip" aria-busy="true"><a href="/my-trips" class="ns-back">');
    expect(trip).toContain('<div class="ns-pic"><img src="/images/lisbon.svg" alt="" fetchpriority="high"></div>');
    expect(trip).toContain('<h1 class="ns-h1">Lisbon &amp; the Algarve</h1>');
    expect(trip).not.toContain('ns-title');
    const trips = await (await page('/my-trips', alex)).text();
    expect(trips).toContain('<div class="ns-row"><h1 class="ns-h1">My Trips</h1>');
    expect(trips).toContain('<img src="/images/lisbon.svg" alt="" width="640" height="360" fetchpriority="high">');
    expect(trips).toContain('<span class="ns-badge">Active Trip</span><h2 class="ns-h2">Lisbon &amp; the Algarve</h2>');
    // Another tab of My Trips: its heading and tabs, no current trip.
    const upcoming = await (await page('/my-trips?tab=upcoming', alex)).text();
    expect(upcoming).toContain('<h1 class="ns-h1">My Trips</h1>');
    expect(upcoming).not.toContain('ns-current');
    expect(upcoming).toContain('<span>Current Trip</span><span class="ns-on">Upcoming</span>');
    // A title cannot end the painted heading, and someone else's trip paints nothing of it.
    const samTrip = await newTrip(sam, 'Sam <b>bold</b> & "quoted"');
    const samPage = await (await page(`/trips/${samTrip}`, sam)).text();
    expect(samPage).toContain('<h1 class="ns-h1">Sam &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;</h1>');
    expect(samPage).toContain('<a href="/my-trips?tab=upcoming" class="ns-back">');
    const notTheirs = await (await page(`/trips/${samTrip}`, alex)).text();
    expect(notTheirs).not.toContain('Sam &lt;b&gt;');
    expect(notTheirs).not.toContain('ns-trip');
    expect(notTheirs).toContain('<div class="ns-title"></div>');
    // Signed out: the plain shell.
    expect(await (await page('/trips/trip-lisbon')).text()).not.toContain('ns-trip');
  });

  it('allows no inline <script>: the app’s scripts are files of its own origin', async () => {
    const policy = (await page('/my-trips')).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-inline/);
  });

  it('allows the shell’s own <style> by its hash, and no other inline style', async () => {
    const policy = (await page('/my-trips')).headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(shellStyle).digest('base64');
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(policy).not.toMatch(/unsafe-inline/);
  });
});
