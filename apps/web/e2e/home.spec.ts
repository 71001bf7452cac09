import { expect, test } from './fixtures';
import { demo, e2eOrigin, mailedLink, newTravellerPassword, signInAs, startSession } from './support';

test('the demo traveller signs in and sees the current trip and today’s events', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue as demo traveller' }).click();
  await expect(page).toHaveURL('/');
  const present = page.getByRole('region', { name: 'Present' });
  await expect(present.getByRole('heading', { name: 'Lisbon & the Algarve' })).toBeVisible();
  // Up to three of today's events, earliest first, in 12-hour time.
  const events = present.getByRole('listitem');
  await expect(events).toHaveCount(3);
  await expect(events.first()).toContainText('Breakfast on the terrace');
  await expect(events.first()).toContainText('8:00 AM');
  await expect(page.getByRole('region', { name: 'Past' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Future' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('button', { name: /Account menu for Alex Morgan/ })).toHaveText('AM');
});

test('the active navigation entry is highlighted', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Navigate' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Travel Journal' }).click();
  await expect(page).toHaveURL('/travel-journal');
  await expect(nav.getByRole('link', { name: 'Travel Journal' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Navigate' })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Travel Journal', level: 1 })).toBeVisible();
});

test('a traveller without a current trip sees No Current Trip', async ({ page }) => {
  const email = `casey-${Date.now()}@naav.example`;
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill('Casey Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newTravellerPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  // The link in the message signs the new traveller in.
  await page.goto(await mailedLink(email, /Confirm your e-mail/));
  await expect(page).toHaveURL('/');
  await expect(page.getByText('No Current Trip')).toBeVisible();
  await expect(page.getByText('No travel history available')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Casey Newcomer/ })).toHaveText('CN');
});

test('signing out from the avatar menu ends the session', async ({ page }) => {
  // A session of its own: signing out ends it, not the one the other tests share.
  await startSession(page, demo.traveller);
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/my-trips');
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
});

test("an agent's Home and navigation are their desk: a traveller's new message waits there", async ({
  page: agent,
  secondPage: traveller,
}) => {
  await signInAs(traveller, demo.traveller2);
  const message = `Could you find us a quiet ryokan? ${Date.now().toString(36)}`;
  const sent = await traveller.request.post('/api/concierge/chat', {
    data: { message },
    headers: { origin: e2eOrigin },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();

  await signInAs(agent, demo.agent);
  await agent.goto('/');
  const nav = agent.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Travel Planner' })).toHaveAttribute('href', '/travel-planner');
  await expect(nav.getByRole('link', { name: 'Concierge Inbox' })).toHaveAttribute('href', '/concierge');
  await expect(nav.getByRole('link', { name: 'Availability Planner' })).toHaveCount(0);

  const desk = agent.getByRole('region', { name: 'Waiting for you' });
  await expect(desk.getByRole('region', { name: 'New trip requests' })).toBeVisible();
  await expect(desk.getByRole('region', { name: 'Revisions requested' })).toBeVisible();
  const chats = desk.getByRole('region', { name: 'Unread chats' });
  await chats.getByRole('link', { name: /^Sam Rivera/ }).click();
  await expect(agent).toHaveURL('/concierge?tab=chat');
});
