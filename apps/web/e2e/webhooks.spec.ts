import { expect, test } from './fixtures';
import { signUpNewTraveller, viewports } from './support';

const shots = process.env['E2E_SCREENSHOTS'];

for (const [size, viewport] of [
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const) {
  test(`Webhooks (${size}): an endpoint is added with its secret shown once, its log shows a refused private address, and it is deleted after asking`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    await signUpNewTraveller(page, 'Hana Hooks');
    await page.goto('/');
    await page.getByRole('button', { name: /Account menu/ }).click({ timeout: 30_000 });
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    let dialog = page.getByRole('dialog', { name: 'Webhooks' });
    await expect(dialog.getByText('No webhooks yet')).toBeVisible();
    await dialog.getByRole('button', { name: 'New webhook' }).click();

    const form = page.getByRole('dialog', { name: 'New webhook' });
    await form.getByRole('button', { name: 'Add webhook' }).click();
    await expect(form.getByText('Enter the address')).toBeVisible();
    // The test server allows no private address (WEBHOOK_ALLOWED_HOSTS is unset).
    await form.getByLabel('Address').fill('http://127.0.0.1:9/hooks');
    await form.getByLabel('Events').selectOption('trip.*');
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const secret = page.getByRole('dialog', { name: "Your webhook's secret" });
    await expect(secret.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
    if (shots) await page.screenshot({ path: `${shots}/webhooks-secret-${size}.png` });
    await secret.getByRole('button', { name: 'Back' }).click();

    dialog = page.getByRole('dialog', { name: 'Webhooks' });
    await expect(dialog.getByRole('listitem')).toContainText('trip.*');
    if (shots) await page.screenshot({ path: `${shots}/webhooks-list-${size}.png` });
    await dialog.getByRole('button', { name: 'Deliveries of http://127.0.0.1:9/hooks' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    await log.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued')).toBeVisible();
    await expect(async () => {
      await log.getByRole('button', { name: 'Refresh' }).click();
      await expect(log.getByRole('listitem').first()).toContainText('is a loopback address', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(log.getByRole('listitem').first()).toContainText('webhook.test');
    if (shots) await page.screenshot({ path: `${shots}/webhooks-log-${size}.png` });
    await log.getByRole('button', { name: 'Back' }).click();

    await page
      .getByRole('dialog', { name: 'Webhooks' })
      .getByRole('button', { name: 'Delete http://127.0.0.1:9/hooks' })
      .click();
    await page.getByRole('dialog', { name: 'Delete this webhook?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Webhook deleted')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Webhooks' }).getByText('No webhooks yet')).toBeVisible();
  });
}
