import { emailStateOf, insertNotice } from '@naav/server/notice-testing';
import { expect, test } from './fixtures';
import { linkIn } from '@naav/server/mail-testing';
import { proposeTo } from './propose';
import {
  demo,
  e2eDatabaseFile,
  e2eOrigin,
  signInAs,
  signUpNewTraveller,
  viewports,
  waitForMail,
  waitForScreen,
} from './support';

// The demo agent submits real proposals to a traveller of their own; a concierge reply is written
// straight into the database, as its own change would write it. What is tested is what follows:
// the settings screen, and the server's outbox obeying it.

test('turning e-mail off for new proposals: the next proposal writes no mail, other kinds still do', async ({
  page,
  secondPage: agent,
}) => {
  await page.setViewportSize(viewports.desktop);
  const email = await signUpNewTraveller(page, 'Nora Notices');
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  await signInAs(agent, demo.agent);
  const tag = Date.now().toString(36);

  // By default a new proposal is mailed at once.
  await proposeTo(agent, me.id, `Kyoto ${tag}`);
  const first = await waitForMail(email, new RegExp(`New proposal: Kyoto ${tag}`));
  expect(first.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  // The account menu leads to the settings.
  await page.goto('/');
  await waitForScreen(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Notification settings' }).click();
  await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();
  const proposals = page.getByRole('combobox', { name: 'E-mail for New proposals' });
  await expect(proposals).toHaveValue('instant');
  await page.screenshot({ path: 'test-results/notification-settings-1280.png', fullPage: true });

  await proposals.selectOption({ label: 'Off' });
  await page.getByRole('checkbox', { name: 'Hold e-mails during quiet hours' }).check();
  // Quiet hours that start two hours from now in the browser's zone, so the mail below is not held.
  const hour = await page.evaluate(() => new Date().getHours());
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  await page.getByLabel('From').fill(at(hour + 2));
  await page.getByLabel('Until').fill(at(hour + 3));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'E-mail for New proposals' })).toHaveValue('off');
  await expect(page.getByLabel('From')).toHaveValue(at(hour + 2));

  // The next proposal reaches the inbox but writes no mail; a concierge reply written after it still does.
  await proposeTo(agent, me.id, `Oslo ${tag}`);
  const inbox = (await (await page.request.get('/api/notifications')).json()) as {
    items: { id: string; title: string }[];
  };
  const quiet = inbox.items.find((n) => n.title === `New proposal: Oslo ${tag}`);
  expect(quiet, 'the second proposal is in the inbox').toBeDefined();
  const later = `The concierge answered ${tag}`;
  await insertNotice(e2eDatabaseFile, { email, kind: 'concierge_reply', title: later, link: '/concierge?tab=chat' });
  await expect.poll(() => emailStateOf(e2eDatabaseFile, quiet!.id), { timeout: 20_000 }).toBe('none');
  const reply = await waitForMail(email, new RegExp(later));
  expect(await waitForMail(email, new RegExp(`Oslo ${tag}`), 0)).toBeUndefined();

  // The footer's unsubscribe link, opened on a phone: a page that asks first, then turns that kind off.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(linkIn(reply, `${e2eOrigin}/api/notifications/unsubscribe`));
  await expect(page.getByRole('heading', { name: 'Stop these e-mails?' })).toBeVisible();
  await expect(page.getByText('Concierge replies')).toBeVisible();
  await page.screenshot({ path: 'test-results/unsubscribe-360.png' });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await page.getByRole('link', { name: 'Choose what you are told' }).click();
  await expect(page.getByRole('combobox', { name: 'E-mail for Concierge replies' })).toHaveValue('off');
  await expect(page.getByRole('combobox', { name: 'E-mail for New proposals' })).toHaveValue('off');
  await expect(page.getByRole('combobox', { name: 'E-mail for Flight check-in' })).toHaveValue('instant');
});

test('the settings read one event per row on a phone, every control reachable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpNewTraveller(page, 'Pia Phone');
  await page.goto('/notification-settings');
  await expect(page.getByRole('heading', { name: 'Notification settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Flight check-in/ })).toBeVisible();
  // Travellers are not shown what only the travel team is told.
  await expect(page.getByRole('row', { name: /Concierge messages/ })).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.screenshot({ path: 'test-results/notification-settings-360.png', fullPage: true });
  await page.screenshot({ path: 'test-results/notification-settings-360-top.png' });
  await page.getByRole('checkbox', { name: 'Hold e-mails during quiet hours' }).check();
  await expect(page.getByLabel('From')).toHaveValue('22:00');
  await page
    .getByRole('heading', { name: 'Quiet hours' })
    .locator('..')
    .screenshot({ path: 'test-results/notification-settings-360-quiet.png' });
});
