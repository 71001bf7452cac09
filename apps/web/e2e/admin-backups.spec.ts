import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';
import { e2eOrigin, e2eServerEnv, mailedLink } from './support';

// The Admin screen's Backups: none at first, one made now, downloaded, and each step in the audit
// log; restoring is shown as the command it is. An administrator from the command line, as in admin.spec.ts.

const run = promisify(execFile);
const password = 'a-long-new-password-7';

test('an admin makes a backup now, downloads it, and finds both in the audit log', async ({ page }) => {
  const adminEmail = `keeper-${Date.now().toString(36)}@example.org`;
  await run(process.execPath, [resolve('../server/dist/cli.js'), 'admin', 'create', adminEmail], {
    env: { PATH: process.env['PATH'] ?? '', ...e2eServerEnv, PUBLIC_URL: e2eOrigin },
  });
  await page.goto(await mailedLink(adminEmail, /You are invited to Naav/));
  await page.getByLabel('Your name').fill('Kit Keeper');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password again').fill(password);
  await page.getByRole('button', { name: 'Join Naav' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();

  // The list cannot load: the section says so and offers a retry, the rest of the screen stays.
  await page.goto('/admin');
  await expect(page.getByText(adminEmail)).toBeVisible();
  const backupsCall = (url: URL) => url.pathname.includes('admin.backups');
  await page.route(backupsCall, (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('tab', { name: 'Backups' }).click();
  await expect(page.getByText("We couldn't load the backups.")).toBeVisible();
  await page.unroute(backupsCall);
  await page.getByRole('button', { name: 'Try again' }).click();

  const section = page.getByRole('region', { name: 'Backups' });
  await expect(section.getByText('No backups yet.')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Restoring a backup' })).toBeVisible();
  await expect(section.getByText(/pnpm naav restore .*backups\/naav-…Z\.db/)).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-backups-empty-1280.png', fullPage: true });

  await section.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/Backup made \(\d+(\.\d)? (kB|MB)\)/)).toBeVisible();
  const download = section.getByRole('link', { name: /Download the backup of/ });
  await expect(download).toHaveCount(1);
  await expect(section.getByText(/^naav-\d{4}-\d{2}-\d{2}T[\d-]+Z\.db · \d+(\.\d)? (kB|MB)$/)).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^naav-\d{4}-\d{2}-\d{2}T[\d-]+Z\.db$/);
  await page.screenshot({ path: 'test-results/admin-backups-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/admin-backups-360.png', fullPage: true });
  const box = await download.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);

  await page.goto('/admin?tab=audit');
  await expect(page.getByText(`backup ${file.suggestedFilename()} made`, { exact: false })).toBeVisible();
  await expect(page.getByText(`backup ${file.suggestedFilename()} downloaded`, { exact: false })).toBeVisible();
});
