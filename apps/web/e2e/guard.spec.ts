import { expect, test, type Page } from '@playwright/test';
import { isPublicPath } from '../src/lib/public-paths';
import { routeUrls } from '../src/lib/route-table';
import { expectNone, scan, type Finding } from './axe';
import { guardViewports, layoutProblems, offScreenReason, type GuardViewport } from './layout';
import { demo, e2eOrigin, openInApp, signInAs, waitForScreen } from './support';

// The guard: every route of the route table (src/lib/route-table.ts, checked against the
// generated route tree), plus the screens that need data to show their real layout (a trip's
// budget, a live share link), at 360 × 740 and 1280 × 800, as the demo traveller and the demo
// agent. On each screen it fails when anything makes a person scroll sideways (see
// layoutProblems) and when axe finds a serious or critical violation; at 360 × 740 it opens
// each screen's main dialog and fails when the dialog's main button is not wholly on screen.
// Every finding of a pass is collected, so one run reports them all.

const notFoundUrl = '/no-such-place';
const publicUrls = routeUrls.filter((url) => isPublicPath(url));

// Pulsing skeletons and transitions cost a lot of CPU in a GPU-less headless browser and
// slow every scan several times over; the reduced-motion variants render the same content.
test.use({ reducedMotion: 'reduce' });

let sharePath = '';
test.beforeAll(async ({ playwright }) => {
  // A live share link to the demo traveller's current trip: the shared page with its itinerary.
  const traveller = await playwright.request.newContext({ baseURL: e2eOrigin, extraHTTPHeaders: { origin: e2eOrigin } });
  const signIn = await traveller.post('/api/auth/sign-in/email', { data: { email: demo.traveller, password: demo.password } });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
  const share = await traveller.post('/api/trips/trip-lisbon/share', { data: {} });
  expect(share.ok(), await share.text()).toBeTruthy();
  sharePath = ((await share.json()) as { sharePath: string }).sharePath;
  await traveller.dispose();
});

/** The route table's URLs and the screens with data behind them. */
function signedInUrls(): string[] {
  return [...routeUrls, '/budget-tracker?trip=trip-lisbon', sharePath, notFoundUrl];
}

type Report = { layout: string[]; axe: Finding[] };

/** Checks the screen as it is now: sideways overflow and axe. */
async function checkScreen(page: Page, where: string, report: Report): Promise<void> {
  report.layout.push(...(await layoutProblems(page)).map((problem) => `${where}: ${problem}`));
  report.axe.push(...(await scan(page, where)));
}

/** Opens each URL (the first in full, the others inside the app, as by a link) and checks it. */
async function checkEach(page: Page, urls: readonly string[], label: string, report: Report): Promise<void> {
  for (const [i, url] of urls.entries()) {
    if (i === 0) await page.goto(url);
    else await openInApp(page, url);
    await waitForScreen(page);
    await checkScreen(page, `${label} ${url}`, report);
  }
}

/** Opens the header's menu of this width (the slide-out menu on a phone, else the avatar menu) and checks it. */
async function checkOpenMenu(page: Page, viewport: GuardViewport, label: string, report: Report): Promise<void> {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await checkScreen(page, `${label} slide-out menu open`, report);
    return;
  }
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkScreen(page, `${label} avatar menu open`, report);
}

function expectClean(report: Report): void {
  expect(report.layout.join('\n'), 'nothing should leave the screen sideways').toBe('');
  expectNone(report.axe);
}

const roles = [
  ['traveller', demo.traveller],
  ['agent', demo.agent],
] as const;

const menuName = { desktop: 'the avatar menu', phone: 'the slide-out menu' } as const;

for (const viewport of Object.keys(guardViewports) as GuardViewport[]) {
  const { width, height } = guardViewports[viewport];
  test.describe(`at ${width} × ${height}`, () => {
    test.use({ viewport: guardViewports[viewport] });

    for (const [role, email] of roles) {
      test(`every route, a trip's budget, a shared trip, the 404 screen and ${menuName[viewport]}, as the demo ${role}`, async ({ page }) => {
        test.setTimeout(180_000);
        await signInAs(page, email);
        const label = `${role}@${width}`;
        const report: Report = { layout: [], axe: [] };
        await checkEach(page, signedInUrls(), label, report);
        await openInApp(page, '/');
        await waitForScreen(page);
        await checkOpenMenu(page, viewport, `${label} /`, report);
        expectClean(report);
      });
    }

    test('the public screens, signed out', async ({ page }) => {
      expect(publicUrls).toEqual(expect.arrayContaining(['/sign-in', '/sign-up', '/privacy', '/terms', '/cookies']));
      const label = `signed-out@${width}`;
      const report: Report = { layout: [], axe: [] };
      await checkEach(page, [...publicUrls, sharePath], label, report);
      // Signed out there is no avatar menu; the slide-out menu is there on a phone.
      if (viewport === 'phone') await checkOpenMenu(page, viewport, `${label} ${new URL(page.url()).pathname}`, report);
      expectClean(report);
    });
  });
}
