import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { isPublicPath } from '../src/lib/public-paths';
import { routeUrls } from '../src/lib/route-table';
import { demo, openInApp, signInAs, signUpNewTraveller, viewports, waitForScreen, type ViewportName } from './support';

// axe-core scans of every route of the route table (src/lib/route-table.ts, checked against
// the generated route tree), as both demo roles, at desktop and phone widths, plus the
// states in between: open menus, loading, empty and error screens. A violation of impact
// serious or critical fails the test; its message lists rule, help and selectors per
// screen. Lesser findings are attached to the test as annotations.

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const failingImpacts = new Set(['serious', 'critical']);
const notFoundUrl = '/no-such-place';
const publicUrls = routeUrls.filter((url) => isPublicPath(url));

type Finding = { where: string; id: string; impact: string; help: string; targets: string[] };

function describeFindings(findings: Finding[]): string {
  return findings
    .map((f) => `${f.where}: [${f.impact}] ${f.id} – ${f.help}\n    ${f.targets.join('\n    ')}`)
    .join('\n');
}

/**
 * Scans the page as it is now. Returns the serious and critical violations; notes the
 * others on the test. For speed, legacy mode runs axe in the page itself instead of
 * opening a second page per scan (the app has no cross-origin frames to reach), and
 * only violations are collected in full (not every passing node).
 */
async function scan(page: Page, where: string): Promise<Finding[]> {
  // Once axe is in the page (it stays there across in-app navigation), send only the
  // configuration instead of its 650 KB source again.
  const loaded = await page.evaluate(() => 'axe' in window);
  const results = await new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .withTags(tags)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const findings = results.violations.map((v) => ({
    where,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  const minor = findings.filter((f) => !failingImpacts.has(f.impact));
  if (minor.length > 0) test.info().annotations.push({ type: 'axe (not failing)', description: describeFindings(minor) });
  return findings.filter((f) => failingImpacts.has(f.impact));
}

function expectNone(findings: Finding[]): void {
  expect(describeFindings(findings), 'serious or critical accessibility violations').toBe('');
}

/**
 * Opens each URL in turn and scans it, collecting the findings so that one run reports
 * every screen. The first is loaded in full, the others are reached inside the app, as by a link.
 */
async function scanEach(page: Page, urls: readonly string[], label: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const [i, url] of urls.entries()) {
    if (i === 0) await page.goto(url);
    else await openInApp(page, url);
    await waitForScreen(page);
    findings.push(...(await scan(page, `${label} ${url}`)));
  }
  return findings;
}

/** Opens the header's menu of this width (the slide-out menu on a phone, else the avatar menu) and scans. */
async function scanOpenMenu(page: Page, viewport: ViewportName, label: string): Promise<Finding[]> {
  if (viewport === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    return scan(page, `${label} slide-out menu open`);
  }
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  return scan(page, `${label} avatar menu open`);
}

// Pulsing skeletons and transitions cost a lot of CPU in a GPU-less headless browser and
// slow every scan several times over; the reduced-motion variants render the same content.
test.use({ reducedMotion: 'reduce' });

const roles = [
  ['traveller', demo.traveller],
  ['agent', demo.agent],
] as const;

const menuName = { desktop: 'the avatar menu', phone: 'the slide-out menu' } as const;

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  test.describe(`at ${viewport} width`, () => {
    test.use({ viewport: viewports[viewport] });

    for (const [role, email] of roles) {
      test(`every route, the 404 screen and ${menuName[viewport]}, as the demo ${role}`, async ({ page }) => {
        test.setTimeout(90_000);
        await signInAs(page, email);
        const label = `${role}@${viewport}`;
        const findings = await scanEach(page, [...routeUrls, notFoundUrl], label);
        await openInApp(page, '/');
        await waitForScreen(page);
        findings.push(...(await scanOpenMenu(page, viewport, `${label} /`)));
        expectNone(findings);
      });
    }

    test('the public screens, signed out', async ({ page }) => {
      expect(publicUrls).toEqual(expect.arrayContaining(['/sign-in', '/sign-up', '/privacy', '/terms', '/cookies']));
      const label = `signed-out@${viewport}`;
      const findings = await scanEach(page, publicUrls, label);
      // Signed out there is no avatar menu; the slide-out menu is there on a phone.
      if (viewport === 'phone') findings.push(...(await scanOpenMenu(page, viewport, `${label} ${new URL(page.url()).pathname}`)));
      expectNone(findings);
    });
  });
}

test.describe('empty, loading and error screens', () => {
  test.use({ viewport: viewports.desktop });

  test('the home page of a new traveller (No Current Trip), at both widths', async ({ page }) => {
    await signUpNewTraveller(page);
    await page.goto('/');
    await expect(page.getByText('No Current Trip')).toBeVisible();
    await waitForScreen(page);
    const findings = await scan(page, 'new traveller@desktop /');
    await page.setViewportSize(viewports.phone);
    findings.push(...(await scan(page, 'new traveller@phone /')));
    expectNone(findings);
  });

  test('the home page while its columns load', async ({ page }) => {
    await signInAs(page, demo.traveller);
    // Hold every API call but the session check until the scan is done.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/**', async (route) => {
      if (new URL(route.request().url()).pathname.includes('me.get')) return route.continue();
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto('/');
    await expect(page.getByText('Loading travel history...')).toBeVisible();
    const findings = await scan(page, 'traveller@desktop / loading');
    release();
    expectNone(findings);
  });

  test('the error screen when the session check fails', async ({ page }) => {
    await signInAs(page, demo.traveller);
    await page.route('**/trpc/**', (route) =>
      new URL(route.request().url()).pathname.includes('me.get')
        ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'unavailable' })
        : route.continue(),
    );
    await page.goto('/my-trips');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expectNone(await scan(page, 'traveller@desktop error screen'));
  });
});
