import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eOrigin, openAccountMenuByKeyboard, signUpNewTraveller, viewports } from './support';

const phoneAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';

/** The same traveller signed in on a phone: another browser context with its own cookies. */
async function signInOnPhone(browser: Browser, email: string): Promise<Page> {
  const phone = await (await browser.newContext({ userAgent: phoneAgent })).newPage();
  const response = await phone.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'a-long-password' },
    headers: { origin: e2eOrigin },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return phone;
}

async function openSessions(page: Page) {
  // The header is there before the screen's own data.
  await page.getByRole('button', { name: /Account menu/ }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sessions' });
  await expect(dialog.getByRole('list', { name: 'Signed-in sessions' })).toBeVisible();
  return dialog;
}

test('the Sessions panel lists where the account is signed in and revokes one, which is signed out at once', async ({
  page,
  browser,
}) => {
  // Two browsers, each loading the app.
  test.slow();
  await page.setViewportSize(viewports.desktop);
  const email = await signUpNewTraveller(page, 'Sasha Sessions');
  const phone = await signInOnPhone(browser, email);
  await page.goto('/');

  const dialog = await openSessions(page);
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('This device');
  await expect(rows.first()).toContainText('Active now');
  await expect(rows.nth(1)).toContainText('Chrome 126 on Android 14');
  await expect(rows.nth(1)).toContainText(/Last seen .+ ago · Signed in/);
  await expect(rows.nth(1)).not.toContainText('This device');

  await dialog.getByRole('button', { name: 'Revoke Chrome 126 on Android 14' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this session?' });
  await expect(confirm).toContainText('Chrome 126 on Android 14 will be signed out at once');
  // Keeping it changes nothing.
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Revoke Chrome 126 on Android 14' }).click();
  await page.getByRole('dialog', { name: 'Revoke this session?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Session revoked')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);

  await phone.goto('/my-trips');
  await expect(phone).toHaveURL(/\/sign-in/);
  // This browser is still signed in.
  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu for Sasha Sessions/ })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(`${e2eOrigin}/`);
});

test('Sign out everywhere asks first, then signs out every browser, this one included', async ({ page, browser }) => {
  test.slow();
  await page.setViewportSize(viewports.phone);
  const email = await signUpNewTraveller(page, 'Eve Everywhere');
  const phone = await signInOnPhone(browser, email);
  await page.goto('/');

  let dialog = await openSessions(page);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(confirm).toContainText('this one included');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  dialog = page.getByRole('dialog', { name: 'Sessions' });
  await expect(dialog.getByRole('listitem')).toHaveCount(2);

  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out everywhere?' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page).toHaveURL(/\/sign-in/);
  await phone.goto('/my-trips');
  await expect(phone).toHaveURL(/\/sign-in/);
  await page.goto('/my-trips');
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the Sessions panel opens from the keyboard and Escape hands focus back to the account menu button', async ({
  page,
}) => {
  await page.setViewportSize(viewports.desktop);
  await signUpNewTraveller(page, 'Kim Keys');
  const { avatar, menu } = await openAccountMenuByKeyboard(page);
  await expect(menu).toBeFocused();
  const sessionsItem = await menu.getByRole('menuitem', { name: 'Sessions' }).getAttribute('id');
  // The arrow keys move through the items to Sessions (the planner's links come first).
  for (let step = 0; step < 5 && (await menu.getAttribute('aria-activedescendant')) !== sessionsItem; step++)
    await page.keyboard.press('ArrowDown');
  await expect(menu).toHaveAttribute('aria-activedescendant', sessionsItem!);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sessions' });
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  // Focus moved into the panel.
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-labelledby') != null),
    )
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(avatar).toBeFocused();
});
