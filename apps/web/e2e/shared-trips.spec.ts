import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eOrigin, signUpNewTraveller } from './support';

// Three new travellers per run (specs share one demo database): the owner, Maya, shares her
// trip 12 days away with an edit member and a view member, who find it where they look.

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const widths = [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Maya's trip, starting in 12 days (UTC, so "in 12 days" is exact), with one event. */
async function mayasTrip(page: Page, title: string): Promise<string> {
  const headers = { origin: e2eOrigin };
  const created = await page.request.post('/api/trips', {
    headers,
    data: {
      title,
      destination: 'Japan',
      location: 'Tokyo, Japan',
      startDate: isoIn(12),
      endDate: isoIn(15),
      timeZone: 'UTC',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  const event = await page.request.post(`/api/trips/${id}/events`, {
    headers,
    data: { title: 'Tsukiji breakfast', type: 'activity', date: isoIn(12), startTime: '08:00' },
  });
  expect(event.ok(), await event.text()).toBeTruthy();
  return id;
}

for (const { name, viewport } of widths) {
  test(`a trip shared by e-mail reaches the members' My Trips and Home with their permission (${name})`, async ({
    page: owner,
    secondPage: member,
  }) => {
    await owner.setViewportSize(viewport);
    await member.setViewportSize(viewport);
    const title = `Tokyo ${Date.now().toString(36)}`;
    await signUpNewTraveller(owner, 'Maya Tanaka');
    const tripId = await mayasTrip(owner, title);

    // Home with only an upcoming trip: the Present column shows it and how soon it starts.
    await owner.goto('/');
    await expect(owner.getByRole('heading', { name: title })).toBeVisible();
    await expect(owner.getByText(/in 12 days/)).toBeVisible();
    await expect(owner.getByText('Tsukiji breakfast')).toBeVisible();
    await expect(owner.getByText('No Current Trip')).toHaveCount(0);
    await shot(owner, `home-next-trip-${name}`);

    // The edit member signs up; Maya shares the trip with them from the trip's Share button.
    const editEmail = await signUpNewTraveller(member, 'Sam Member');
    // The member has My Trips open: the shared trip arrives there without a reload.
    await member.goto('/my-trips?tab=upcoming');
    await expect(member.getByText('No Upcoming Trips')).toBeVisible();
    await owner.goto(`/trips/${tripId}`);
    await owner.getByRole('button', { name: 'Share' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Share this trip' });
    await dialog.getByRole('button', { name: 'Share with a person' }).click();
    const person = owner.getByRole('dialog', { name: 'Share with a person' });
    await person.getByLabel('Name').fill('Sam Member');
    await person.getByLabel('Email').fill(editEmail);
    await person.getByLabel('Permission').selectOption('edit');
    await shot(owner, `share-dialog-${name}`);
    await person.getByRole('button', { name: 'Share with them' }).click();
    await expect(owner.getByText(`Sam Member is in Shared: ${title} with View & Edit.`)).toBeVisible();
    // The group made for the trip is offered in the dialog, shared.
    await expect(dialog.getByRole('button', { name: `Stop sharing with Shared: ${title}` })).toBeVisible();
    await owner.keyboard.press('Escape');

    // The member finds it on My Trips' Upcoming tab, marked, and on Home.
    const card = member.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    // Maya describes it: the member's open list follows.
    const described = await owner.request.patch(`/api/trips/${tripId}`, {
      headers: { origin: e2eOrigin },
      data: { description: 'Sushi, temples and trains' },
    });
    expect(described.ok(), await described.text()).toBeTruthy();
    await expect(card.getByText('Sushi, temples and trains')).toBeVisible();
    await expect(card.getByText('Shared by Maya')).toBeVisible();
    await expect(card.getByText('View only')).toHaveCount(0);
    await shot(member, `my-trips-shared-${name}`);
    await member.goto('/');
    await expect(member.getByRole('heading', { name: title })).toBeVisible();
    await expect(member.getByText(/in 12 days/)).toBeVisible();
    await expect(member.getByText('Shared by Maya')).toBeVisible();
    await shot(member, `home-shared-${name}`);

    // …and edits an event of it.
    await member.goto(`/trips/${tripId}`);
    await member.getByRole('button', { name: 'Edit Tsukiji breakfast' }).click();
    const edit = member.getByRole('dialog', { name: 'Edit Event' });
    await edit.getByLabel('Title').fill('Tsukiji breakfast at dawn');
    await edit.getByRole('button', { name: 'Save Event' }).click();
    await expect(member.getByText('Event updated')).toBeVisible();
    await expect(member.getByText('Tsukiji breakfast at dawn')).toBeVisible();
    // Back to My Trips leads to the tab that lists it.
    await member.getByRole('link', { name: 'Back to My Trips' }).click();
    await expect(member).toHaveURL(/\/my-trips\?tab=upcoming$/);
    await expect(member.getByRole('article', { name: title })).toBeVisible();

    // A view member: the trip is marked View only and offers no editing.
    const viewEmail = await signUpNewTraveller(member, 'Vic Viewer');
    const shared = await owner.request.post(`/api/family/trips/${tripId}/people`, {
      headers: { origin: e2eOrigin },
      data: { name: 'Vic Viewer', email: viewEmail, permissions: ['view'] },
    });
    expect(shared.ok(), await shared.text()).toBeTruthy();
    await member.goto('/my-trips?tab=upcoming');
    const viewCard = member.getByRole('article', { name: title });
    await expect(viewCard.getByText('Shared by Maya')).toBeVisible();
    await expect(viewCard.getByText('View only')).toBeVisible();
    await member.goto(`/trips/${tripId}`);
    await expect(member.getByText('Tsukiji breakfast at dawn')).toBeVisible();
    await expect(member.getByText('Shared with you · View Only')).toBeVisible();
    await expect(member.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await shot(member, `trip-view-member-${name}`);
  });
}
