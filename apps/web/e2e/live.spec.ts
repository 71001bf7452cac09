import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, e2eDatabaseFile, e2eOrigin, e2eServerEnv, signUpNewTraveller } from './support';

// Two app servers on the one database: the run's own (A, e2eOrigin) and a second one started
// here (B). Each person's page is served by one of them; a change made on one side appears on
// the other without a reload, pushed through the database's change feed. The app has no refetch timer, so
// whatever appears without a reload was pushed; the usual 20 s wait allows for a busy machine.

let serverB: ChildProcess;
let originB: string;

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

test.beforeAll(async () => {
  const port = await freePort();
  originB = `http://127.0.0.1:${port}`;
  serverB = spawn(process.execPath, [resolve('../server/dist/main.js')], {
    env: { ...process.env, ...e2eServerEnv, PORT: String(port), DATA_DIR: `${e2eDatabaseFile}.data-b` },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${originB}/api/health`).catch(() => null))?.status, {
      timeout: 60_000,
      message: 'the second server answers',
    })
    .toBe(200);
});
test.afterAll(() => {
  serverB?.kill('SIGTERM');
});

const headers = { origin: e2eOrigin };
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const unique = () => Math.random().toString(36).slice(2, 8);

/** A new traveller signed in (through A, on the test's page) and the demo agent signed in through B, each in their own context. */
async function travellerAndAgent(traveller: Page, browser: Browser, name: string) {
  const agentContext = await browser.newContext({ baseURL: originB });
  const agent = await agentContext.newPage();
  await signUpNewTraveller(traveller, name);
  const signedIn = await agent.request.post('/api/auth/sign-in/email', {
    data: { email: demo.agent, password: demo.password },
    headers: { origin: originB },
  });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  const me = (await (await traveller.request.get('/api/me')).json()) as { id: string };
  return { traveller, agent, travellerId: me.id, close: () => agentContext.close() };
}

test('a chat message and a request status change cross from one server to the other without a reload', async ({
  page,
  browser,
}) => {
  const name = `Live Traveller ${unique()}`;
  const { traveller, agent, close } = await travellerAndAgent(page, browser, name);

  await agent.goto('/concierge');
  await expect(agent.getByRole('tab', { name: 'Traveller Chats', selected: true })).toBeVisible();
  await traveller.goto('/concierge?tab=chat');
  await expect(traveller.getByText('No messages yet')).toBeVisible();

  // The traveller writes on A: the agent's inbox on B lists it with its unread count.
  await traveller.getByLabel('Message').fill('Can we get a late checkout?');
  await traveller.getByRole('button', { name: 'Send' }).click();
  const entry = agent.getByRole('button', { name: new RegExp(name) });
  await expect(entry).toContainText('1 unread');

  // The agent answers on B: the traveller's chat on A shows it.
  await entry.click();
  await agent.getByLabel('Message').fill('Yes, until 2 PM.');
  await agent.getByRole('button', { name: 'Send' }).click();
  const conversation = traveller.getByRole('list', { name: 'Conversation with the concierge' });
  await expect(conversation.getByText('Yes, until 2 PM.')).toHaveCount(1);

  // A request filed on A, moved along by the agent through B: the traveller's list shows the new status.
  const filed = await traveller.request.post('/api/concierge/requests', {
    headers,
    data: { type: 'reservation', title: `Table for two ${name}` },
  });
  expect(filed.ok(), await filed.text()).toBeTruthy();
  const { id } = (await filed.json()) as { id: string };
  await traveller.goto('/concierge?tab=requests');
  const card = traveller.getByRole('listitem', { name: `Table for two ${name}` });
  await expect(card).toContainText('Pending');
  const moved = await agent.request.post(`/api/concierge/agent/requests/${id}/status`, {
    headers: { origin: originB },
    data: { status: 'in_progress' },
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  await expect(card).toContainText('In Progress');
  await close();
});

test('a proposal submitted through B appears for the client on A, and the client’s decision on A appears for the agent on B', async ({
  page,
  browser,
}) => {
  const name = `Live Client ${unique()}`;
  const { traveller, agent, travellerId, close } = await travellerAndAgent(page, browser, name);
  await traveller.goto('/travel-planner?tab=proposals');
  await expect(traveller.getByRole('heading', { name: 'Your Trip Proposals' })).toBeVisible();
  await agent.goto('/travel-planner?tab=proposals');
  await agent.getByRole('button', { name: 'All Proposals' }).click();

  const title = `Lofoten lights for ${name}`;
  const created = await agent.request.post('/api/proposals', {
    headers: { origin: originB },
    data: {
      clientId: travellerId,
      title,
      destination: 'Lofoten, Norway',
      startDate: isoIn(40),
      endDate: isoIn(45),
      expiryDate: isoIn(14),
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  expect(
    (await agent.request.post(`/api/proposals/${id}/submit`, { headers: { origin: originB }, data: {} })).ok(),
  ).toBeTruthy();
  await expect(traveller.getByRole('button', { name: new RegExp(title) })).toBeVisible();

  const agentCard = agent.getByRole('button', { name: new RegExp(title) });
  await expect(agentCard).toBeVisible();
  const declined = await traveller.request.post(`/api/proposals/${id}/decline`, { headers, data: {} });
  expect(declined.ok(), await declined.text()).toBeTruthy();
  await expect(agentCard).toContainText('Rejected');
  await close();
});

test('an event the owner adds through A appears on the shared trip a group member has open on B', async ({
  page: owner,
  browser,
}) => {
  // Signed up through A; the session cookie (host-wide, whatever the port) also opens B. A context
  // of its own: what B's origin keeps in the browser is not emptied between tests (see e2e/fixtures.ts).
  const memberContext = await browser.newContext({ baseURL: e2eOrigin });
  const member = await memberContext.newPage();
  const memberEmail = await signUpNewTraveller(member, 'Mika Member');
  await signUpNewTraveller(owner, 'Olive Owner');

  const trip = await owner.request.post('/api/trips', {
    headers,
    data: {
      title: `Oslo ${unique()}`,
      destination: 'Norway',
      location: 'Oslo, Norway',
      startDate: isoIn(20),
      endDate: isoIn(24),
      timeZone: 'UTC',
    },
  });
  expect(trip.ok(), await trip.text()).toBeTruthy();
  const tripId = ((await trip.json()) as { id: string }).id;
  const group = await owner.request.post('/api/family/groups', {
    headers,
    data: { name: `Oslo crew ${unique()}`, type: 'friends' },
  });
  expect(group.ok(), await group.text()).toBeTruthy();
  const groupId = ((await group.json()) as { id: string }).id;
  const added = await owner.request.post(`/api/family/groups/${groupId}/members`, {
    headers,
    data: { name: 'Mika Member', email: memberEmail, relationship: 'friend', permissions: ['view'] },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  expect(
    (await owner.request.put(`/api/family/groups/${groupId}/trips/${tripId}`, { headers, data: {} })).ok(),
  ).toBeTruthy();

  await member.goto(`${originB}/trips/${tripId}`);
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
  const added2 = await owner.request.post(`/api/trips/${tripId}/events`, {
    headers,
    data: { title: 'Opera house tour', type: 'activity', date: isoIn(21), startTime: '10:00' },
  });
  expect(added2.ok(), await added2.text()).toBeTruthy();
  await expect(member.getByText('Opera house tour')).toBeVisible();
  await memberContext.close();
});

test('a trip renamed through A shows on the owner’s My Trips open on B without a reload', async ({ page }) => {
  await signUpNewTraveller(page, `List Owner ${unique()}`);
  const title = `Bergen ${unique()}`;
  const trip = await page.request.post('/api/trips', {
    headers,
    data: {
      title,
      destination: 'Norway',
      location: 'Bergen, Norway',
      startDate: isoIn(30),
      endDate: isoIn(33),
      timeZone: 'UTC',
    },
  });
  expect(trip.ok(), await trip.text()).toBeTruthy();
  const tripId = ((await trip.json()) as { id: string }).id;
  await page.goto(`${originB}/my-trips?tab=upcoming`);
  await expect(page.getByText(title)).toBeVisible();
  const renamed = await page.request.patch(`/api/trips/${tripId}`, {
    headers,
    data: { title: `${title} and the fjords` },
  });
  expect(renamed.ok(), await renamed.text()).toBeTruthy();
  await expect(page.getByText(`${title} and the fjords`)).toBeVisible();
});

test('an idle open chat makes at most 2 HTTP requests in 30 s', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewTraveller(page, `Quiet Traveller ${unique()}`);
  await page.goto('/concierge?tab=chat');
  await expect(page.getByText('No messages yet')).toBeVisible();
  // Let the screen settle (its first loads and the stream's connection), then count.
  await page.waitForTimeout(2000);
  const requests: string[] = [];
  const count = (request: { url: () => string }) => requests.push(request.url());
  page.on('request', count);
  await page.waitForTimeout(30_000);
  page.off('request', count);
  expect(requests.length, requests.join('\n')).toBeLessThanOrEqual(2);
});

/**
 * The owner's trip of days `from`–`to` from today (with Kit, a companion without an account, and
 * `extra` rows), shared through a new group with a member who signs up in a browser of their own
 * and has its balances open on B, still empty. The trip then has three participants.
 */
async function sharedTripWithBalancesOnB(
  owner: Page,
  browser: Browser,
  trip: { ownerName: string; memberName: string; place: string; from: number; to: number },
  permissions: string[],
  extra: (tripId: string) => readonly (readonly [string, object])[] = () => [],
) {
  const memberContext = await browser.newContext({ baseURL: e2eOrigin });
  const member = await memberContext.newPage();
  const memberEmail = await signUpNewTraveller(member, trip.memberName);
  await signUpNewTraveller(owner, trip.ownerName);
  const created = await owner.request.post('/api/trips', {
    headers,
    data: {
      title: `${trip.place} ${unique()}`,
      destination: 'Norway',
      location: `${trip.place}, Norway`,
      startDate: isoIn(trip.from),
      endDate: isoIn(trip.to),
      timeZone: 'UTC',
      baseCurrency: 'USD',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const tripId = ((await created.json()) as { id: string }).id;
  for (const [path, data] of [
    [`/api/trips/${tripId}/companions`, { name: 'Kit', relationship: 'friend' }],
    ...extra(tripId),
  ] as const) {
    const row = await owner.request.post(path, { headers, data });
    expect(row.ok(), await row.text()).toBeTruthy();
  }
  const group = await owner.request.post('/api/family/groups', {
    headers,
    data: { name: `${trip.place} crew ${unique()}`, type: 'friends' },
  });
  const groupId = ((await group.json()) as { id: string }).id;
  const added = await owner.request.post(`/api/family/groups/${groupId}/members`, {
    headers,
    data: { name: trip.memberName, email: memberEmail, relationship: 'friend', permissions },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  expect(
    (await owner.request.put(`/api/family/groups/${groupId}/trips/${tripId}`, { headers, data: {} })).ok(),
  ).toBeTruthy();

  await member.goto(`${originB}/budget-tracker?trip=${tripId}`);
  await member.getByRole('tab', { name: 'Balances' }).click();
  await expect(member.getByRole('heading', { name: 'No balances yet' })).toBeVisible();
  const people = (await (await owner.request.get(`/api/trips/${tripId}/participants`)).json()) as { id: string }[];
  expect(people).toHaveLength(3);
  return { memberContext, member, tripId, people };
}

/** An expense the owner adds through A, split equally among the trip's `people`. */
async function addSplitThreeWays(
  owner: Page,
  tripId: string,
  people: { id: string }[],
  expense: { title: string; amount: number; categoryId: number; date: string },
) {
  const res = await owner.request.post('/api/expenses', {
    headers,
    data: {
      tripId,
      ...expense,
      currency: 'USD',
      split: { mode: 'equal', parts: people.map((p) => ({ participantId: p.id, value: 1 })) },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('a split expense the owner adds through A changes the balance a member has open on B', async ({
  page: owner,
  browser,
}) => {
  // The member has the trip's balances open on B; the owner adds a dinner through A, split three ways.
  const { memberContext, member, tripId, people } = await sharedTripWithBalancesOnB(
    owner,
    browser,
    { ownerName: 'Ola Owner', memberName: 'Mo Member', place: 'Tromsø', from: 0, to: 4 },
    ['view'],
  );
  await addSplitThreeWays(owner, tripId, people, {
    title: 'Arctic dinner',
    amount: 9_000,
    categoryId: 3,
    date: isoIn(1),
  });
  const table = member.getByRole('table', { name: 'Balances' });
  await expect(table.getByRole('row', { name: /You/ })).toContainText('Owes $30.00');
  await expect(table.getByRole('row', { name: /Ola Owner/ })).toContainText('Owed $60.00');
  await memberContext.close();
});

test('a split expense, then a packing tick, cross two servers, and each Activity panel names who did them', async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(180_000);
  // The member has the balances open on B; the owner adds a taxi through A, split three ways.
  const { memberContext, member, tripId, people } = await sharedTripWithBalancesOnB(
    owner,
    browser,
    { ownerName: 'Uma Owner', memberName: 'Rafa Member', place: 'Bergen', from: 10, to: 14 },
    ['view', 'edit'],
    (id) => [[`/api/trips/${id}/packing`, { name: 'Head torch', category: 'Electronics', quantity: 1 }]],
  );
  await addSplitThreeWays(owner, tripId, people, {
    title: 'Airport taxi',
    amount: 4_500,
    categoryId: 1,
    date: isoIn(10),
  });
  const table = member.getByRole('table', { name: 'Balances' });
  await expect(table.getByRole('row', { name: /You/ })).toContainText('Owes $15.00');
  await expect(table.getByRole('row', { name: /Uma Owner/ })).toContainText('Owed $30.00');

  // Both on the trip page, the owner's served by A, the member's by B; the member ticks the torch.
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto(`/trips/${tripId}`);
  await member.goto(`${originB}/trips/${tripId}`);
  const torch = (page: Page) => page.getByRole('checkbox', { name: /Head torch/ });
  await expect(torch(owner)).not.toBeChecked();
  await torch(member).check();
  await expect(torch(owner)).toBeChecked();

  // Each Activity panel lists both changes, newest first, by name ("You" for one's own).
  const lines = async (page: Page) => {
    const panel = page.getByRole('region', { name: 'Activity' });
    const toggle = panel.getByRole('button', { name: /Activity/ });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    return panel.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  };
  const ownerLines = await lines(owner);
  await expect(ownerLines.first()).toContainText('Rafa Member packed Head torch');
  await expect(ownerLines.nth(1)).toContainText('You added an expense: Airport taxi ($45.00)');
  const memberLines = await lines(member);
  await expect(memberLines.first()).toContainText('You packed Head torch');
  await expect(memberLines.nth(1)).toContainText('Uma Owner added an expense');
  await owner
    .getByRole('region', { name: 'Activity' })
    .screenshot({ path: test.info().outputPath('activity-two-servers-1280.png'), animations: 'disabled' });
  await memberContext.close();
});
