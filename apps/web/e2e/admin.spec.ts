import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { request } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eOrigin, e2eServerEnv, mailedLink } from './support';

// The first admin comes from the command line (`naav admin create`, here the built dist/cli.js on
// the browser tests' database): their invitation arrives at the real SMTP sink, and the link sets
// their password. They invite an agent from the Admin screen; the agent sets a password from their
// mail and lands on the agent's desk. An agent's Client Proposals show their own and unassigned
// clients' proposals, never another agent's client's. Deactivated, the agent's open session ends
// at once (on a second app server too: admin-two-servers.test.ts); the audit log shows each step.

const run = promisify(execFile);
const password = 'a-long-new-password-7';
const stamp = Date.now().toString(36);
const headers = { origin: e2eOrigin };

async function acceptInvitation(page: import('@playwright/test').Page, link: string, name: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join Naav' })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password again').fill(password);
  await page.getByRole('button', { name: 'Join Naav' }).click();
}

test('an admin from the command line invites an agent, who sees only their own and unassigned clients', async ({
  page,
  secondPage,
}) => {
  const adminEmail = `boss-${stamp}@example.org`;
  const agentEmail = `agent-${stamp}@example.org`;
  const { stdout } = await run(process.execPath, [resolve('../server/dist/cli.js'), 'admin', 'create', adminEmail], {
    env: { PATH: process.env['PATH'] ?? '', ...e2eServerEnv, PUBLIC_URL: e2eOrigin },
  });
  expect(stdout).toContain(`Invited ${adminEmail}`);

  await acceptInvitation(page, await mailedLink(adminEmail, /You are invited to Naav/), 'Bo Boss');
  await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();

  // The Admin screen, from the account menu.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await expect(page.getByText(adminEmail)).toBeVisible();
  await page.getByRole('button', { name: 'Invite by e-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite by e-mail' });
  await dialog.getByLabel('E-mail address').fill(agentEmail);
  await dialog.getByLabel('Role').selectOption('agent');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${agentEmail}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-users-1280.png', fullPage: true });

  // The agent, in a browser of their own, from the mail.
  await acceptInvitation(secondPage, await mailedLink(agentEmail, /You are invited to Naav/), 'Ari Agent');
  await expect(secondPage.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();

  // A client of their own: a new traveller the agent answers with a proposal (which assigns them),
  // and the second demo traveller assigned to the demo agent.
  const clientEmail = `client-${stamp}@example.org`;
  expect(
    (await page.request.post('/api/admin/invitations', { data: { email: clientEmail, role: 'client' }, headers })).ok(),
  ).toBe(true);
  const clientLink = await mailedLink(clientEmail, /You are invited to Naav/);
  const token = clientLink.split('/invitations/')[1];
  const anonymous = await request.newContext({ baseURL: e2eOrigin });
  const client = await (
    await anonymous.post(`/api/invitations/${token}/accept`, { data: { name: 'Cleo Client', password }, headers })
  ).json();
  await anonymous.dispose();
  const users = await (await page.request.get('/api/admin/users?q=agent%40naav.example')).json();
  const demoAgent = users.items[0].id as string;
  const traveller2 = (await (await page.request.get('/api/admin/users?q=traveller2%40naav')).json()).items[0].id;
  expect(
    (await page.request.put(`/api/clients/${traveller2}/agent`, { data: { agentId: demoAgent }, headers })).ok(),
  ).toBe(true);
  const today = new Date().toISOString().slice(0, 10);
  const made = await secondPage.request.post('/api/proposals', {
    data: {
      clientId: client.userId,
      title: `Porto for Cleo ${stamp}`,
      destination: 'Porto',
      startDate: today,
      endDate: today,
      expiryDate: today,
    },
    headers,
  });
  expect(made.ok(), await made.text()).toBe(true);

  await secondPage.goto('/travel-planner?view=agent&tab=proposals');
  await expect(secondPage.getByRole('button', { name: new RegExp(`Porto for Cleo ${stamp}`) })).toBeVisible();
  // The demo traveller's proposals (unassigned) show; the second traveller's (the demo agent's client) do not.
  await expect(secondPage.getByRole('button', { name: /Kyoto in Spring/ })).toBeVisible();
  await expect(secondPage.getByRole('button', { name: /Northern Lights in Iceland/ })).toHaveCount(0);
  await secondPage.screenshot({ path: 'test-results/agent-proposals-1280.png', fullPage: true });

  // Client Management shows who looks after each client; answering Cleo assigned her to this agent.
  await secondPage.goto('/travel-planner?view=agent&tab=clients');
  await expect(secondPage.getByLabel('Agent of Cleo Client')).toHaveValue(made.ok() ? (await made.json()).agentId : '');
  await expect(secondPage.getByLabel('Agent of Sam Rivera')).toHaveCount(0);
  await secondPage.setViewportSize({ width: 360, height: 740 });
  await secondPage.screenshot({ path: 'test-results/client-management-360.png', fullPage: true });

  // Deactivating the agent from the Users list ends their open session at once.
  await page.goto('/admin');
  await page.getByRole('listitem').filter({ hasText: agentEmail }).getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate this account?' })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText('Ari Agent is deactivated')).toBeVisible();
  expect((await secondPage.request.get('/api/me')).status()).toBe(401);
  await secondPage.goto('/travel-planner?view=agent&tab=proposals');
  await expect(secondPage).toHaveURL(/\/sign-in/);

  // The audit log shows each step.
  await page.goto('/admin?tab=audit');
  await expect(page.getByText(`${agentEmail} invited as travel agent`)).toBeVisible();
  await expect(page.getByText(`${agentEmail} joined as travel agent`)).toBeVisible();
  await expect(page.getByText('client assigned to Jordan Lee')).toBeVisible();
  await expect(page.getByText(`${agentEmail} deactivated: every session ended`)).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-audit-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/admin-audit-360.png', fullPage: true });
  await page.goto('/admin');
  await expect(page.getByText(agentEmail)).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-users-360.png', fullPage: true });
});
