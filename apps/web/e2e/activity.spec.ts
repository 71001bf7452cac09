import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eOrigin, signUpNewTraveller } from './support';

// A trip's Activity panel: the owner's own changes read "You", a member with the trip open on a
// second page sees the owner's name, each as it happens (pushed through the change feed).

const headers = { origin: e2eOrigin };
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const unique = () => Math.random().toString(36).slice(2, 8);

const activity = (page: Page) => page.getByRole('region', { name: 'Activity' });
const lines = (page: Page) => activity(page).getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');

test('the owner’s changes read "You" in the Activity panel and carry the owner’s name for a member on another page', async ({
  page: owner,
  browser,
}) => {
  test.setTimeout(120_000);
  const memberContext = await browser.newContext({ baseURL: e2eOrigin });
  const member = await memberContext.newPage();
  const memberEmail = await signUpNewTraveller(member, 'Mika Member');
  await signUpNewTraveller(owner, 'Olive Owner');

  // The owner's trip with one dinner, shared with a group in which the member may view it.
  const trip = await owner.request.post('/api/trips', {
    headers,
    data: {
      title: `Porto ${unique()}`,
      destination: 'Portugal',
      location: 'Porto, Portugal',
      startDate: isoIn(20),
      endDate: isoIn(24),
      timeZone: 'UTC',
      baseCurrency: 'EUR',
    },
  });
  expect(trip.ok(), await trip.text()).toBeTruthy();
  const tripId = ((await trip.json()) as { id: string }).id;
  const dinner = await owner.request.post(`/api/trips/${tripId}/events`, {
    headers,
    data: { title: 'Dinner at Ribeira', type: 'meal', date: isoIn(21), startTime: '19:00' },
  });
  expect(dinner.ok(), await dinner.text()).toBeTruthy();
  const group = await owner.request.post('/api/family/groups', {
    headers,
    data: { name: `Porto crew ${unique()}`, type: 'friends' },
  });
  const groupId = ((await group.json()) as { id: string }).id;
  const added = await owner.request.post(`/api/family/groups/${groupId}/members`, {
    headers,
    data: { name: 'Mika Member', email: memberEmail, relationship: 'friend', permissions: ['view'] },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  expect(
    (await owner.request.put(`/api/family/groups/${groupId}/trips/${tripId}`, { headers, data: {} })).ok(),
  ).toBeTruthy();

  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.goto(`/trips/${tripId}`);
  await member.goto(`/trips/${tripId}`);
  // The panel is folded until asked for; each person unfolds it.
  for (const page of [owner, member]) {
    const toggle = activity(page).getByRole('button', { name: /Activity/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(lines(owner).first()).toContainText('You shared the trip with Porto crew');
  await expect(lines(owner).nth(1)).toContainText('You added Dinner at Ribeira');
  await expect(lines(member).first()).toContainText('Olive Owner shared the trip with a group');

  // The owner moves the dinner to 19:30 in the itinerary.
  await owner.getByRole('button', { name: 'Edit Dinner at Ribeira' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Edit Event' });
  await dialog.getByLabel(/^Start time/).fill('19:30');
  await dialog.getByRole('button', { name: 'Save Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(lines(owner).first()).toHaveText(
    /^You moved Dinner at Ribeira from 19:00 to 19:30 · (just now|1 min ago)$/,
  );

  // And adds an expense.
  const expense = await owner.request.post('/api/expenses', {
    headers,
    data: { tripId, title: 'Francesinha', amount: 1450, currency: 'EUR', categoryId: 2, date: isoIn(21) },
  });
  expect(expense.ok(), await expense.text()).toBeTruthy();
  await expect(lines(owner).first()).toContainText('You added an expense: Francesinha (€14.50)');
  await expect(lines(owner).nth(1)).toContainText('You moved Dinner at Ribeira from 19:00 to 19:30');

  // The member's page, open all along, shows both under the owner's name; the amount is the owner's alone.
  await expect(lines(member).first()).toContainText('Olive Owner added an expense');
  await expect(lines(member).first()).not.toContainText('Francesinha');
  await expect(lines(member).nth(1)).toContainText('Olive Owner moved Dinner at Ribeira from 19:00 to 19:30');

  await activity(member).screenshot({
    path: test.info().outputPath('activity-member-1280.png'),
    animations: 'disabled',
  });

  // One person's changes: the member has made none.
  await member.getByLabel('Changes by').selectOption({ label: 'Olive Owner' });
  await expect(lines(member)).toHaveCount(4);

  for (const width of [360, 1280]) {
    await owner.setViewportSize({ width, height: 800 });
    await activity(owner).scrollIntoViewIfNeeded();
    const sideways = await owner.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways, `no sideways scrolling at ${width} px`).toBe(false);
    await activity(owner).screenshot({ path: test.info().outputPath(`activity-${width}.png`), animations: 'disabled' });
  }
  await memberContext.close();
});
