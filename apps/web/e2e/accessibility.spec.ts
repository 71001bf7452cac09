import { expect, test } from './fixtures';
import { expectNone, scan } from './axe';
import { demo, signInAs, signUpNewTraveller, viewports, waitForScreen, withoutPageData } from './support';

// axe-core scans of the states between the screens: empty, loading and error. Every route
// of the route table, both demo roles, both widths and the open menus are scanned by the
// guard (guard.spec.ts), on the same pass as its layout checks. A violation of impact
// serious or critical fails the test; lesser findings are attached as annotations.

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
    await withoutPageData(page);
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
    await withoutPageData(page);
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
