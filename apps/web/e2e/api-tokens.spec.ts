import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpNewTraveller, viewports } from './support';

const shots = process.env['E2E_SCREENSHOTS'];

async function openTokens(page: Page) {
  // The header is there before the screen's own data.
  await page.getByRole('button', { name: /Account menu/ }).click({ timeout: 30_000 });
  await page.getByRole('menuitem', { name: 'API tokens' }).click();
  return page.getByRole('dialog', { name: 'API tokens' });
}

for (const [size, viewport] of [
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const) {
  test(`API tokens (${size}): made with scopes and shown once, used from a script, listed with its last use, revoked after asking`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signUpNewTraveller(page, 'Tess Tokens');
    await page.goto('/');

    let dialog = await openTokens(page);
    await expect(dialog.getByText('No API tokens yet')).toBeVisible();
    await dialog.getByRole('button', { name: 'New token' }).click();

    const form = page.getByRole('dialog', { name: 'New API token' });
    // Travel documents are never in the default set.
    await expect(form.getByLabel(/^Documents:/)).toHaveValue('none');
    await expect(form.getByLabel(/^Trips:/)).toHaveValue('read');
    await form.getByRole('button', { name: 'Make token' }).click();
    await expect(form.getByText('Enter a name')).toBeVisible();
    await form.getByLabel('Name').fill('Spreadsheet sync');
    await form.getByLabel(/^Budget:/).selectOption('write');
    if (shots) await page.screenshot({ path: `${shots}/tokens-form-${size}.png` });
    await form.getByRole('button', { name: 'Make token' }).click();

    const created = page.getByRole('dialog', { name: 'Your new token' });
    await expect(created).toContainText('it is shown only this once');
    const token = await created.getByLabel('Spreadsheet sync').inputValue();
    expect(token).toMatch(/^naav_/);
    await expect(created.getByRole('button', { name: 'Copy' })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/tokens-created-${size}.png` });

    // A script uses it: no cookie, no Origin.
    const call = await page.request.get('/api/trips', {
      headers: { authorization: `Bearer ${token}`, cookie: '' },
    });
    expect(call.status()).toBe(200);
    const refused = await page.request.get('/api/documents', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'This API token lacks the documents:read scope' });

    await created.getByRole('button', { name: 'Done' }).click();
    dialog = page.getByRole('dialog', { name: 'API tokens' });
    await dialog.getByLabel('Close', { exact: true }).click();
    dialog = await openTokens(page);
    const row = dialog.getByRole('listitem').filter({ hasText: 'Spreadsheet sync' });
    await expect(row).toContainText(`${token.slice(0, 9)}…`);
    await expect(row).toContainText('budget:write');
    await expect(row).toContainText(/Last used .+ ago from 127\.0\.0\.1/);
    await expect(row).not.toContainText(token.slice(9));
    if (shots) await page.screenshot({ path: `${shots}/tokens-list-${size}.png` });

    await dialog.getByRole('button', { name: 'Revoke Spreadsheet sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await page
      .getByRole('dialog', { name: 'API tokens' })
      .getByRole('button', { name: 'Revoke Spreadsheet sync' })
      .click();
    await page.getByRole('dialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Token revoked')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'API tokens' }).getByText('No API tokens yet')).toBeVisible();
    const after = await page.request.get('/api/trips', { headers: { authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });
}
