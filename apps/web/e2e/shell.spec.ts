import { expect, test } from './fixtures';
import { routeUrls } from '../src/lib/route-table';
import { demo, openInApp, signInAs } from './support';

test('a signed-out visitor is sent to sign-in and brought back afterwards', async ({ page }) => {
  await page.goto('/budget-tracker');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fbudget-tracker/);
  await page.getByLabel('Email').fill(demo.traveller);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The budget tracker then writes the chosen trip into the address.
  await expect(page).toHaveURL(/\/budget-tracker(\?trip=[\w-]+)?$/);
  await expect(page.getByRole('heading', { name: 'Budget Tracker', level: 1 })).toBeVisible();
});

test('a wrong password is refused with a message', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(demo.traveller);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/invalid/i);
  await expect(page).toHaveURL(/\/sign-in/);
});

test('an unknown path shows the 404 screen', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/no-such-place');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('on a 390 px phone the slide-out menu opens and navigates', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, demo.traveller);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link')).toHaveCount(11);
  await menu.getByRole('link', { name: 'Concierge' }).click();
  await expect(page).toHaveURL('/concierge');
  await expect(menu).toBeHidden();
  // Nothing sticks out sideways on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('every route of the route table exists', async ({ page }) => {
  await signInAs(page, demo.traveller);
  // Started from the 404 screen, so the check below is seen to tell the two apart.
  await page.goto('/no-such-place');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  for (const url of routeUrls) {
    // Each address is served the app when opened directly (a bookmark, a reload)…
    const direct = await page.request.get(url);
    expect(direct.status(), url).toBe(200);
    expect(direct.headers()['content-type'], url).toContain('text/html');
    // …and the app has a screen for it (opened inside the app: a full load per route cost more than the rest of this file).
    await openInApp(page, url);
    await expect(page.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
    await expect(page.getByText('404 Page Not Found'), url).toHaveCount(0);
  }
});
