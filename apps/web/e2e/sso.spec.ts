import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { browserContextDefaults, e2eOrigin, e2eSso } from './support';

// Single sign-on against a real OpenID provider (e2e/oidc-idp.ts, started beside the app): the
// sign-in page's button leads to the provider's own sign-in and consent pages and back. The app
// trusts it for agency.example and makes those people agents (playwright.config.ts's OIDC_*).
const button = `Sign in with ${e2eSso.name}`;
const shots = process.env['E2E_SCREENSHOTS'];

/** A browser of its own: no session, and none at the provider either. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...browserContextDefaults });
  return context.newPage();
}

/** From the app's sign-in page through the provider's pages, as `email`. */
async function signInAtProvider(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { name: 'Agency sign-in' })).toBeVisible();
  expect(page.url()).toMatch(new RegExp(`^${e2eSso.issuer}/interaction/`));
  await page.getByLabel('Work e-mail').fill(email);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Allow access' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
}

test('an agency address signs in through the provider and lands on the agent’s desk', async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: button })).toBeVisible();
  if (shots) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${shots}/sign-in-sso-${width}.png`, fullPage: true });
    }
  }

  const email = `robin.guide+${Date.now()}@${e2eSso.domain}`;
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(`${e2eOrigin}/`);
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Robin Guide/ })).toBeVisible();
  const me = await page.request.get('/api/me');
  expect(await me.json()).toMatchObject({ email, role: 'agent', name: 'Robin Guide', hasPassword: false });
  await page.context().close();
});

test('an address outside the agency’s domain is refused with the reason, and nobody is signed in', async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await signInAtProvider(page, `someone.${Date.now()}@elsewhere.example`);
  await expect(page).toHaveURL(/\/sign-in\?sso=failed/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your organisation’s sign-in worked, but that address may not use it here. Sign in with your password instead.',
  );
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await page.context().close();
});
