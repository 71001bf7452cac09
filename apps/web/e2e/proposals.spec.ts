import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNone, scan } from './axe';
import { demo, e2eOrigin, signInAs, signUpNewTraveller, viewports } from './support';

// A traveller of its own (specs share one demo database) and the demo agent, each in a browser context.

const iso = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function openProposals(page: Page) {
  await page.goto('/travel-planner?tab=proposals');
}

test('agent proposes from the client’s window, the client asks for revisions, accepts version 2, and the trip is in Upcoming', async ({
  page: client,
  secondPage: agent,
}) => {
  test.setTimeout(120_000);

  const name = `Pat Proposal ${Date.now().toString(36)}`;
  const title = `Lisbon for ${name}`;
  await signUpNewTraveller(client, name);
  const window = await client.request.post('/api/availability', {
    data: { startDate: iso(20), endDate: iso(23) },
    headers: { origin: e2eOrigin },
  });
  expect(window.ok(), await window.text()).toBeTruthy();

  // The agent builds the proposal from the client's availability window.
  await signInAs(agent, demo.agent);
  await openProposals(agent);
  await expect(agent.getByRole('heading', { name: 'Client Trip Proposals' })).toBeVisible();
  await agent.getByRole('button', { name: 'Create New Proposal' }).first().click();
  const create = agent.getByRole('dialog', { name: 'Create New Proposal' });
  await create.getByLabel('Client').selectOption({ label: `${name} (${await clientEmail(client)})` });
  const windowSelect = create.getByLabel(/Availability window/);
  await expect(windowSelect.locator('option')).toHaveCount(2);
  await windowSelect.selectOption({ index: 1 });
  await expect(create.getByLabel('Start Date')).toHaveValue(iso(20));
  await expect(create.getByLabel('End Date')).toHaveValue(iso(23));
  // The client decides before leaving: a week from today, the trip being 20 days away.
  await expect(create.getByLabel('Expiry Date')).toHaveValue(iso(7));
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('Destination').fill('Lisbon, Portugal');
  await create.getByLabel('Budget (USD)').fill('3200');
  await create.getByRole('button', { name: 'Create Proposal' }).click();
  await expect(create).toBeHidden();

  const detail = agent.getByRole('region', { name: title });
  await expect(detail.getByText('No itinerary items')).toBeVisible();
  await addItem(agent, { day: 1, title: 'Tram 28 ride', cost: '40' });
  await addItem(agent, { day: 2, title: 'Sintra day trip', cost: '260' });
  await expect(detail.getByText('Total cost: $300')).toBeVisible();
  await expect(detail.getByText('4 days / 3 nights')).toBeVisible();
  await submitToClient(agent);
  await expect(detail.getByText('Not viewed yet')).toBeVisible();

  // The client opens it: the agent sees it viewed.
  await openProposals(client);
  await expect(client.getByRole('heading', { name: 'Your Trip Proposals' })).toBeVisible();
  const seen = client.getByRole('region', { name: title });
  await expect(seen.getByText('Version 1')).toBeVisible();
  await expect(seen.getByText('Reviewing')).toBeVisible();
  await agent.reload();
  await agent.getByRole('button', { name: new RegExp(title) }).click();
  await expect(detail.getByText(/^Viewed on /)).toBeVisible();

  // Revisions with a comment: back to the agent as a draft.
  await seen.getByRole('button', { name: 'Request Revisions' }).click();
  const revise = client.getByRole('dialog', { name: 'Request Revisions' });
  // No rating is chosen for the client.
  await expect(revise.getByLabel(/Rating/)).toHaveValue('');
  await revise.getByLabel('What should change?').fill('Swap the tram for a sunset sail');
  await revise.getByRole('button', { name: 'Send Request' }).click();
  // Still listed for the client, with their request, until the new version comes; nothing to decide meanwhile.
  await expect(client.getByRole('button', { name: new RegExp(title) })).toContainText(
    'Revisions requested — waiting for a new version',
  );
  await expect(seen.getByText('Revisions requested — waiting for a new version')).toBeVisible();
  await expect(seen.getByText('Swap the tram for a sunset sail')).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Accept Proposal' })).toHaveCount(0);
  await client.reload();
  await expect(seen.getByText('Revisions requested — waiting for a new version')).toBeVisible();

  await agent.reload();
  await agent.getByRole('button', { name: new RegExp(title) }).click();
  await expect(detail.getByText('Revisions requested')).toBeVisible();
  await detail.getByRole('tab', { name: /Feedback/ }).click();
  await expect(detail.getByText('Swap the tram for a sunset sail')).toBeVisible();
  await detail.getByRole('button', { name: 'Mark as Addressed' }).click();
  await expect(detail.getByText('Addressed', { exact: true })).toBeVisible();
  await detail.getByRole('tab', { name: 'Itinerary' }).click();
  await detail.getByRole('button', { name: 'Edit Tram 28 ride' }).click();
  const edit = agent.getByRole('dialog', { name: 'Edit Itinerary Item' });
  await edit.getByLabel('Title').fill('Sunset sail on the Tagus');
  await edit.getByLabel('Start Time').fill('18:00');
  await edit.getByLabel('End Time').fill('20:00');
  await edit.getByLabel('Cost (USD)').fill('90');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(detail.getByText('Tram 28 ride')).toBeHidden();
  await expect(detail.getByText('Total cost: $350')).toBeVisible();
  await submitToClient(agent);

  // Version 2 is accepted and becomes an upcoming trip.
  await openProposals(client);
  await expect(seen.getByText('Version 2')).toBeVisible();
  await expect(seen.getByText('Sunset sail on the Tagus')).toBeVisible();
  await expect(seen.getByText('6:00 PM – 8:00 PM')).toBeVisible();
  await seen.getByRole('button', { name: 'Accept Proposal' }).click();
  await expect(seen.getByText('Approved')).toBeVisible();
  // The approved proposal leads to the trip it became.
  await seen.getByRole('link', { name: 'View Your Trip' }).click();
  await expect(client).toHaveURL(/\/trips\/[^/?]+$/);
  await expect(client.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await client.goto('/my-trips?tab=upcoming');
  await expect(client.getByText(title).first()).toBeVisible();
});

test('the account menu leads travellers to their proposals and agents to Client Proposals and Client Management', async ({
  page: traveller,
  secondPage: agent,
}) => {
  await signInAs(traveller, demo.traveller2);
  await traveller.goto('/');
  await openAccountMenu(traveller);
  await expect(traveller.getByRole('menuitem', { name: 'Client Management' })).toHaveCount(0);
  await traveller.getByRole('menuitem', { name: 'Trip Proposals' }).click();
  await expect(traveller).toHaveURL(/\/travel-planner\?tab=proposals$/);
  await expect(traveller.getByRole('heading', { name: 'Your Trip Proposals' })).toBeVisible();
  await expect(traveller.getByRole('tab', { name: 'Travel Proposals' })).toHaveAttribute('aria-selected', 'true');

  await signInAs(agent, demo.agent);
  await agent.goto('/my-trips');
  await openAccountMenu(agent);
  await agent.getByRole('menuitem', { name: 'Client Proposals' }).click();
  await expect(agent.getByRole('heading', { name: 'Client Trip Proposals' })).toBeVisible();
  await openAccountMenu(agent);
  await agent.getByRole('menuitem', { name: 'Client Management' }).click();
  await expect(agent.getByRole('tab', { name: 'Client Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(agent).toHaveURL(/tab=clients/);
});

test("My Trips' Proposal sent opens that very proposal in the planner", async ({ page: client, secondPage: agent }) => {
  const name = `Rae Request ${Date.now().toString(36)}`;
  await signUpNewTraveller(client, name);
  const clientId = ((await (await client.request.get('/api/me')).json()) as { id: string }).id;
  const headers = { origin: e2eOrigin };
  const request = await client.request.post('/api/trip-requests', {
    headers,
    data: { destination: 'Madeira', startDate: iso(40), endDate: iso(47) },
  });
  expect(request.ok(), await request.text()).toBeTruthy();
  const requestId = ((await request.json()) as { id: string }).id;

  // Two proposals for the client: the one answering the request, then a newer one listed first.
  await signInAs(agent, demo.agent);
  const propose = async (title: string, tripRequestId?: string) => {
    const created = await agent.request.post('/api/proposals', {
      headers,
      data: {
        clientId,
        title,
        destination: 'Madeira, Portugal',
        startDate: iso(40),
        endDate: iso(47),
        expiryDate: iso(14),
        ...(tripRequestId && { tripRequestId }),
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id } = (await created.json()) as { id: string };
    const submitted = await agent.request.post(`/api/proposals/${id}/submit`, { headers, data: {} });
    expect(submitted.ok(), await submitted.text()).toBeTruthy();
    return id;
  };
  const answer = await propose(`Madeira levadas for ${name}`, requestId);
  await propose(`Azores whales for ${name}`);

  await client.goto('/my-trips?tab=upcoming');
  const card = client.getByRole('article', { name: 'Madeira' });
  await card.getByRole('link', { name: /^Proposal sent/ }).click();
  await expect(client).toHaveURL(new RegExp(`/travel-planner\\?tab=proposals&proposal=${answer}$`));
  await expect(client.getByRole('region', { name: `Madeira levadas for ${name}` })).toBeVisible();
  await expect(client.getByRole('button', { name: new RegExp(`Madeira levadas for ${name}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

async function clientEmail(page: Page): Promise<string> {
  const me = await page.request.get('/api/me');
  return ((await me.json()) as { email: string }).email;
}

async function addItem(page: Page, item: { day: number; title: string; cost: string }) {
  await page
    .getByRole('button', { name: `Add an item to day ${item.day}` })
    .or(page.getByRole('button', { name: 'Add Itinerary Item' }))
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add Itinerary Item' });
  await dialog.getByLabel('Day').selectOption({ index: item.day });
  await dialog.getByLabel('Title').fill(item.title);
  await dialog.getByLabel('Cost (USD)').fill(item.cost);
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(dialog).toBeHidden();
}

async function submitToClient(page: Page) {
  await page.getByRole('button', { name: 'Submit to Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit Proposal to Client' });
  await expect(dialog.getByText(/cannot change this proposal unless the client requests revisions/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(dialog).toBeHidden();
}

for (const [width, viewport] of Object.entries(viewports)) {
  test(`the proposals screens and dialogs pass axe at ${width} width`, async ({ page: client, secondPage: agent }) => {
    await client.setViewportSize(viewport);
    await agent.setViewportSize(viewport);
    await signInAs(client, demo.traveller2);
    await openProposals(client);
    const detail = client.getByRole('region', { name: 'Northern Lights in Iceland' });
    await expect(detail.getByText('Glacier hike')).toBeVisible();
    expectNone(await scan(client, `${width}: the client's proposal`));
    await detail.getByRole('tab', { name: /Feedback/ }).click();
    await expect(detail.getByLabel('Your feedback')).toBeVisible();
    expectNone(await scan(client, `${width}: the feedback tab`));

    await signInAs(agent, demo.agent);
    await openProposals(agent);
    await agent.getByRole('button', { name: /Anniversary on the Amalfi Coast/ }).click();
    const draft = agent.getByRole('region', { name: 'Anniversary on the Amalfi Coast' });
    await expect(draft.getByText('Boat day to Capri')).toBeVisible();
    await draft.getByRole('tab', { name: 'Details' }).click();
    await expect(draft.getByText('Client details')).toBeVisible();
    expectNone(await scan(agent, `${width}: the agent's draft, Details`));
    await agent.getByRole('button', { name: 'Create New Proposal' }).first().click();
    await expect(agent.getByRole('dialog', { name: 'Create New Proposal' }).getByLabel('Client')).toBeVisible();
    expectNone(await scan(agent, `${width}: Create New Proposal`));
  });
}
