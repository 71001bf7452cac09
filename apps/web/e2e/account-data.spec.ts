import { expect, test } from './fixtures';
import { e2eOrigin, newTravellerPassword, signUpNewTraveller, viewports } from './support';

const shots = process.env['E2E_SCREENSHOTS'];

test('Export my data prepares a zip in the background, then offers its download once', async ({ page }) => {
  test.slow();
  await page.setViewportSize(viewports.desktop);
  await signUpNewTraveller(page, 'Erin Export');
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Export my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export my data' });
  await expect(dialog).toContainText('A zip of everything you keep in Naav');
  if (shots) await page.screenshot({ path: `${shots}/export-1280.png` });
  await dialog.getByRole('button', { name: 'Prepare my export' }).click();
  const link = dialog.getByRole('link', { name: 'Download the zip' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toContainText('The link works once');
  if (shots) await page.screenshot({ path: `${shots}/export-ready-1280.png` });
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toMatch(/^naav-export-.+\.zip$/);
  await expect(dialog).toContainText('Downloaded. The link has been used', { timeout: 30_000 });
});

test('Delete my account asks for the password and DELETE typed out, then signs out for good', async ({ page }) => {
  test.slow();
  await page.setViewportSize(viewports.phone);
  const email = await signUpNewTraveller(page, 'Dana Delete');
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog).toContainText('This cannot be undone');
  if (shots) await page.screenshot({ path: `${shots}/delete-360.png` });

  // Nothing typed: the form says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your password')).toBeVisible();
  await expect(dialog.getByText('Type DELETE to confirm', { exact: false }).first()).toBeVisible();

  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That is not your password')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/delete-error-360.png` });

  await dialog.getByLabel('Password').fill(newTravellerPassword);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/sign-in/, { timeout: 30_000 });
  await expect(page.getByText('Your account is deleted')).toBeVisible();

  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: newTravellerPassword },
    headers: { origin: e2eOrigin },
  });
  expect(signIn.status()).toBe(401);
});
