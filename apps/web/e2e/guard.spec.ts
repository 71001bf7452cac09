import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { isPublicPath } from '../src/lib/public-paths';
import { routeUrls } from '../src/lib/route-table';
import { expectNone, scan, type Finding } from './axe';
import { watchCsp } from './csp';
import {
  guardViewports,
  layoutProblems,
  minTapTarget,
  offScreenReason,
  smallTapTargets,
  type GuardViewport,
} from './layout';
import { demo, e2eOrigin, openInApp, signInAs, waitForScreen } from './support';

// The guard: every route of the route table (src/lib/route-table.ts, checked against the
// generated route tree), plus the screens that need data to show their real layout (a trip's
// budget, a live share link), at 360 × 740 and 1280 × 800, as the demo traveller and the demo
// agent. On each screen it fails when anything makes a person scroll sideways (see
// layoutProblems), when axe finds a serious or critical violation, and when the page raises a
// Content-Security-Policy violation (the security spec's sweep of every screen, folded in here so
// each screen loads once for all three); at 360 × 740 it fails on a button, link or other tap
// target under 44 × 44 px (layout.ts, smallTapTargets: no exemptions but links inside running
// text), and opens each screen's main dialog and fails when the dialog's main button is not
// wholly on screen. Every finding of a pass is
// collected, so one run reports them all.

const notFoundUrl = '/no-such-place';
const publicUrls = routeUrls.filter((url) => isPublicPath(url));

let sharePath = '';
test.beforeAll(async ({ playwright }) => {
  // A live share link to the demo traveller's current trip: the shared page with its itinerary.
  const traveller = await playwright.request.newContext({
    baseURL: e2eOrigin,
    extraHTTPHeaders: { origin: e2eOrigin },
  });
  const signIn = await traveller.post('/api/auth/sign-in/email', {
    data: { email: demo.traveller, password: demo.password },
  });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
  const share = await traveller.post('/api/trips/trip-lisbon/share', { data: {} });
  expect(share.ok(), await share.text()).toBeTruthy();
  sharePath = ((await share.json()) as { sharePath: string }).sharePath;
  await traveller.dispose();
});

/** Stands for the live share link, known only once the run has made it. */
const sharedTripUrl = '/share/(the live link)';

/**
 * The route table's URLs and the screens with data behind them, in parts of nine: each part
 * costs a browser context and a full load, so fewer and longer parts cost less while still
 * spreading over the runner's workers.
 */
function signedInParts(): string[][] {
  const urls = [...routeUrls, '/budget-tracker?trip=trip-lisbon', sharedTripUrl, notFoundUrl];
  const parts: string[][] = [];
  for (let i = 0; i < urls.length; i += 9) parts.push(urls.slice(i, i + 9));
  return parts;
}

type Report = { layout: string[]; taps: string[]; axe: Finding[] };

/** Checks the screen as it is now: sideways overflow, tap targets on a phone, and axe. */
async function checkScreen(page: Page, where: string, report: Report): Promise<void> {
  report.layout.push(...(await layoutProblems(page)).map((problem) => `${where}: ${problem}`));
  if ((page.viewportSize()?.width ?? 0) <= guardViewports.phone.width) {
    report.taps.push(...(await smallTapTargets(page)).map((problem) => `${where}: ${problem}`));
  }
  report.axe.push(...(await scan(page, where)));
}

/** Opens each URL (the first in full, the others inside the app, as by a link) and checks it. */
async function checkEach(page: Page, urls: readonly string[], label: string, report: Report): Promise<void> {
  for (const [i, url] of urls.entries()) {
    if (i === 0) {
      const response = await page.goto(url);
      expect(response?.headers()['content-security-policy'], `${label} ${url}`).toContain("frame-ancestors 'none'");
    } else await openInApp(page, url);
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

async function expectClean(report: Report, cspViolations: () => Promise<string[]>): Promise<void> {
  expect(report.layout.join('\n'), 'nothing should leave the screen sideways').toBe('');
  expect(
    report.taps.join('\n'),
    `every button and link on a phone should be at least ${minTapTarget} × ${minTapTarget} px`,
  ).toBe('');
  expectNone(report.axe);
  expect(await cspViolations(), 'Content-Security-Policy violations').toEqual([]);
}

const roles = [
  ['traveller', demo.traveller],
  ['agent', demo.agent],
] as const;

const menuName = { desktop: 'the avatar menu', phone: 'the slide-out menu' } as const;

/**
 * Each screen's main dialog, opened as a person would: its main button (the form's submit, or
 * the last button of a dialog without a form) must be wholly on screen at 360 × 740.
 */
const mainDialogs: { role: 'traveller' | 'agent'; url: string; open: (page: Page) => Promise<void>; dialog: string }[] =
  [
    {
      role: 'traveller',
      url: '/my-trips',
      dialog: 'Edit Trip Details',
      open: async (page) => {
        await page.getByRole('button', { name: 'Trip options' }).click();
        await page.getByRole('menuitem', { name: 'Edit Trip Details' }).click();
      },
    },
    {
      role: 'traveller',
      url: '/my-trips',
      dialog: 'New trip',
      open: (page) => page.getByRole('button', { name: 'New trip' }).first().click(),
    },
    {
      role: 'traveller',
      url: '/trips/trip-lisbon',
      dialog: 'Edit Trip Details',
      open: (page) => page.getByRole('button', { name: 'Edit Trip Details' }).click(),
    },
    {
      role: 'traveller',
      url: '/trips/trip-lisbon',
      dialog: 'Edit Travel Companion',
      open: (page) => page.getByRole('button', { name: 'Edit Jamie Morgan' }).click(),
    },
    {
      role: 'traveller',
      url: '/trips/trip-lisbon',
      dialog: 'Share this trip',
      open: (page) => page.getByRole('button', { name: 'Share', exact: true }).click(),
    },
    // The event dialog on the trip's planning itinerary (Kyoto's may be empty, or not, when this runs).
    {
      role: 'traveller',
      url: '/trips/trip-kyoto',
      dialog: 'Add Event',
      open: (page) =>
        page
          .getByRole('button', { name: /^(Add the first event|Add to this day)$/ })
          .first()
          .click(),
    },
    {
      role: 'traveller',
      url: '/travel-journal',
      dialog: 'Add a past travel',
      open: (page) => page.getByRole('button', { name: 'Add a past travel' }).first().click(),
    },
    {
      role: 'traveller',
      url: '/budget-tracker?trip=trip-lisbon',
      dialog: 'Add Expense',
      open: (page) => page.getByRole('button', { name: 'Add Expense' }).click(),
    },
    {
      role: 'traveller',
      url: '/availability-planner',
      dialog: 'Add New',
      open: (page) => page.getByRole('button', { name: 'Add New' }).click(),
    },
    {
      role: 'traveller',
      url: '/travel-documents',
      dialog: 'Add Document',
      open: (page) => page.getByRole('button', { name: 'Add Document' }).click(),
    },
    {
      role: 'traveller',
      url: '/family',
      dialog: 'Create a New Family Group',
      open: (page) => page.getByRole('button', { name: 'New Group' }).click(),
    },
    {
      role: 'traveller',
      url: '/interests',
      dialog: 'Add Interest',
      open: (page) => page.getByRole('button', { name: 'Add Interest' }).first().click(),
    },
    {
      role: 'agent',
      url: '/travel-planner',
      dialog: 'Create New Proposal',
      open: (page) => page.getByRole('button', { name: 'Create New Proposal' }).first().click(),
    },
  ];

/** The dialog's main button: its form's submit, else its last button. */
async function mainButton(dialog: Locator): Promise<Locator> {
  const submit = dialog.locator('button[type="submit"]');
  const last = (await submit.count()) > 0 ? submit.last() : dialog.getByRole('button').last();
  // Pinned to the element found now, so the check and its message speak of the same button.
  return last.and(dialog.getByRole('button', { name: (await last.textContent())?.trim() ?? '', exact: true }));
}

for (const viewport of Object.keys(guardViewports) as GuardViewport[]) {
  const { width, height } = guardViewports[viewport];
  test.describe(`at ${width} × ${height}`, () => {
    test.use({ viewport: guardViewports[viewport] });

    for (const [role, email] of roles) {
      // In parts of a few screens each, so the runner spreads them over its workers and a slow machine stays within each test's time.
      for (const [part, urls] of signedInParts().entries()) {
        const last = part === signedInParts().length - 1;
        test(`screens ${part + 1} of ${signedInParts().length} (${urls.join(', ')})${last ? ` and ${menuName[viewport]}` : ''}, as the demo ${role}`, async ({
          page,
        }) => {
          test.setTimeout(240_000);
          const violations = await watchCsp(page);
          await signInAs(page, email);
          const label = `${role}@${width}`;
          const report: Report = { layout: [], taps: [], axe: [] };
          await checkEach(
            page,
            urls.map((url) => (url === sharedTripUrl ? sharePath : url)),
            label,
            report,
          );
          if (last) {
            await openInApp(page, '/');
            await waitForScreen(page);
            await checkOpenMenu(page, viewport, `${label} /`, report);
          }
          await expectClean(report, violations);
        });
      }
    }

    if (viewport === 'phone') {
      for (const [role, email] of roles) {
        test(`each screen's main dialog keeps its main button on screen, as the demo ${role}`, async ({ page }) => {
          test.setTimeout(240_000);
          const violations = await watchCsp(page);
          await signInAs(page, email);
          const report: Report = { layout: [], taps: [], axe: [] };
          const entries = mainDialogs.filter((d) => d.role === role);
          for (const [i, entry] of entries.entries()) {
            const where = `${role}@${width} ${entry.url} "${entry.dialog}"`;
            // The first screen in full, the others inside the app, as by a link (as checkEach does);
            // a screen with several dialogs is opened once for them all.
            if (i === 0) await page.goto(entry.url);
            else if (entries[i - 1]!.url !== entry.url) await openInApp(page, entry.url);
            await waitForScreen(page);
            await entry.open(page);
            const dialog = page.getByRole('dialog', { name: entry.dialog });
            // Measured once what it shows has loaded (a dialog's loading state has no main action yet).
            await expect(dialog.getByRole('status').filter({ hasText: /Loading/ }), where).toHaveCount(0);
            const main = await mainButton(dialog);
            await expect(main, where).toBeVisible();
            const reason = await offScreenReason(main);
            if (reason)
              report.layout.push(`${where}: its main button "${(await main.textContent())?.trim()}": ${reason}`);
            await checkScreen(page, where, report);
            // Closed before the next screen, as a person would.
            await page.keyboard.press('Escape');
            await expect(dialog, where).toBeHidden();
          }
          await expectClean(report, violations);
        });
      }
    }

    test('the public screens, signed out', async ({ page }) => {
      test.setTimeout(180_000);
      const violations = await watchCsp(page);
      expect(publicUrls).toEqual(expect.arrayContaining(['/sign-in', '/sign-up', '/privacy', '/terms', '/cookies']));
      const label = `signed-out@${width}`;
      const report: Report = { layout: [], taps: [], axe: [] };
      await checkEach(page, [...publicUrls, sharePath], label, report);
      // Signed out the header is plain (the last screen checked is the share page): the logo and
      // Sign in, without the navigation or Plan a Trip that lead to screens a visitor cannot open.
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Plan a Trip' })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expectClean(report, violations);
    });
  });
}
