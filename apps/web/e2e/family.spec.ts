import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNone, scan } from './axe';
import { demo, e2eOrigin, signInAs, signUpNewTraveller, viewports } from './support';

// The owner is a traveller of their own (specs share one demo database); the member is the
// second demo traveller, who belongs to no group in the seed.

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ownerWithTrip(page: Page, title: string): Promise<void> {
  await signUpNewTraveller(page, 'Olive Owner');
  const headers = { origin: e2eOrigin };
  const created = await page.request.post('/api/trips', {
    headers,
    data: {
      title,
      destination: 'Norway',
      location: 'Bergen, Norway',
      startDate: isoIn(20),
      endDate: isoIn(24),
      timeZone: 'UTC',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  const event = await page.request.post(`/api/trips/${id}/events`, {
    headers,
    data: { title: 'Fjord cruise', type: 'activity', date: isoIn(21), startTime: '09:30' },
  });
  expect(event.ok(), await event.text()).toBeTruthy();
}

test('an owner shares a trip with a group; an edit member edits it, and is refused once downgraded to view', async ({
  page: owner,
  secondPage: member,
}) => {
  const groupName = `Fjord Crew ${Date.now().toString(36)}`;
  const tripTitle = `Bergen ${Date.now().toString(36)}`;
  await ownerWithTrip(owner, tripTitle);

  // Create the group.
  await owner.goto('/family');
  await expect(owner.getByRole('heading', { name: 'Family & Groups', level: 1 })).toBeVisible();
  await expect(owner.getByText('Manage your family groups and shared trips')).toBeVisible();
  await owner.getByRole('button', { name: 'Create Family Group' }).click();
  const create = owner.getByRole('dialog', { name: 'Create a New Family Group' });
  await create.getByLabel('Group Name').fill(groupName);
  await expect(create.getByLabel('Group Type')).toHaveValue('family');
  await create.getByRole('button', { name: 'Create Group' }).click();
  await expect(owner.getByText('Your new family group has been created successfully.')).toBeVisible();
  await expect(owner.getByRole('heading', { name: groupName })).toBeVisible();

  // Add the second demo traveller with View & Edit.
  await owner.getByRole('button', { name: `Add Member to ${groupName}` }).click();
  const add = owner.getByRole('dialog', { name: 'Add a New Member' });
  await expect(add.getByRole('radio', { name: /^View Only/ })).toBeChecked();
  await add.getByLabel('Name').fill('Sam Rivera');
  await add.getByLabel(/Email/).fill(demo.traveller2);
  await add.getByLabel('Relationship').selectOption('friend');
  await add.getByRole('radio', { name: /^View & Edit/ }).check();
  await add.getByRole('button', { name: 'Add Member' }).click();
  await expect(owner.getByText('The new member has been added to your family group.')).toBeVisible();
  await expect(owner.getByRole('list', { name: '1 member' })).toBeVisible();

  // Share the trip with the group.
  await owner.getByRole('button', { name: `Manage ${groupName}` }).click();
  const manage = owner.getByRole('dialog', { name: `Manage ${groupName}` });
  await manage.getByLabel('Share one of your trips').selectOption({ label: `${tripTitle} (${isoIn(20)})` });
  await manage.getByRole('button', { name: 'Share Trip' }).click();
  await expect(owner.getByText('Trip shared')).toBeVisible();
  await expect(manage.getByRole('button', { name: `Stop sharing ${tripTitle}` })).toBeVisible();

  // The member sees the group and the trip, and edits an event.
  await signInAs(member, demo.traveller2);
  await member.goto('/family');
  await member.getByRole('tab', { name: /^Shared with Me/ }).click();
  await expect(member.getByRole('heading', { name: groupName })).toBeVisible();
  await member.getByRole('tab', { name: 'Shared Trips' }).click();
  await member.getByRole('link', { name: tripTitle }).click();
  await expect(member.getByRole('heading', { name: tripTitle, level: 1 })).toBeVisible();
  await expect(member.getByText('Shared with you · Can edit')).toBeVisible();
  await member.getByRole('button', { name: 'Edit Fjord cruise' }).click();
  const edit = member.getByRole('dialog', { name: 'Edit Event' });
  await edit.getByLabel('Title').fill('Fjord cruise at dawn');
  await edit.getByRole('button', { name: 'Save Event' }).click();
  await expect(member.getByText('Event updated')).toBeVisible();
  await expect(member.getByText('Fjord cruise at dawn')).toBeVisible();

  // The owner downgrades the member to View Only.
  await manage.getByLabel('Permissions for Sam Rivera').selectOption('view');
  await expect(owner.getByText('Permissions updated')).toBeVisible();

  // The change is pushed to the member's open page: without a reload it offers no editing.
  await expect(member.getByText('Shared with you · View Only')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Edit Fjord cruise at dawn' })).toHaveCount(0);
  // The server refuses the edit all the same (as to a page that had not heard yet).
  const trips = (await (await member.request.get('/api/family/shared-trips')).json()) as {
    id: string;
    title: string;
  }[];
  const tripId = trips.find((t) => t.title === tripTitle)?.id;
  const events = (await (await member.request.get(`/api/trips/${tripId}/events`)).json()) as {
    id: string;
    title: string;
  }[];
  const eventId = events.find((e) => e.title === 'Fjord cruise at dawn')?.id;
  const refused = await member.request.patch(`/api/events/${eventId}`, {
    headers: { origin: e2eOrigin },
    data: { title: 'Not allowed' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain('Your permission in this group lets you view this trip, not change it');

  // After a reload the page still offers no editing, and the event is unchanged.
  await member.reload();
  await expect(member.getByText('Shared with you · View Only')).toBeVisible();
  await expect(member.getByText('Fjord cruise at dawn')).toBeVisible();
  await expect(member.getByRole('button', { name: 'Edit Fjord cruise at dawn' })).toHaveCount(0);
});

test('the group dialogs pass axe on a phone and keep keyboard focus inside', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await signInAs(page, demo.traveller);
  await page.goto('/family');
  await expect(page.getByRole('heading', { name: 'Morgan Family' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Member to Morgan Family' }).click();
  await expect(page.getByRole('dialog', { name: 'Add a New Member' }).getByLabel('Name')).toBeVisible();
  expectNone(await scan(page, 'Add a New Member', { include: '[role="dialog"]' }));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Manage Morgan Family' }).click();
  const manage = page.getByRole('dialog', { name: 'Manage Morgan Family' });
  await expect(manage.getByLabel('Permissions for Jamie Morgan')).toHaveValue('edit');
  expectNone(await scan(page, 'Manage Morgan Family', { include: '[role="dialog"]' }));
  await page.keyboard.press('Tab');
  await expect(manage.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();
});
