import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpNewTraveller } from './support';

// A traveller makes a trip by hand and plans it on its page: New trip on My Trips, the place
// lookup filling in the destination's zone and currency, then the trip's page, where its
// details are edited and its companions added, edited and removed. Each run signs up a
// traveller of its own, so the demo trips the other tests read stay as they are.

/** The 10th and 13th of next month, YYYY-MM-DD. */
function nextMonth(): { start: string; end: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const day = (d: number) => new Date(first.getTime() + (d - 1) * 86_400_000).toISOString().slice(0, 10);
  return { start: day(10), end: day(13) };
}

const widths = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '360', viewport: { width: 360, height: 740 } },
] as const;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

for (const { name, viewport } of widths) {
  test(`at ${name} px: New trip to Tokyo, then its details and companions on its page`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpNewTraveller(page, 'Kenji Planner');
    await page.goto('/my-trips?tab=upcoming');

    // Both ways to a trip on the Upcoming tab: make it here, or ask the travel team.
    await expect(page.getByRole('region', { name: 'Ask the travel team to plan it' })).toBeVisible();
    const planYourself = page.getByRole('region', { name: 'Plan it yourself' });
    await expect(planYourself).toBeVisible();
    await shoot(page, `my-trips-upcoming-${name}`);
    await planYourself.getByRole('button', { name: 'New trip' }).click();

    const dialog = page.getByRole('dialog', { name: 'New trip' });
    await expect(dialog.getByLabel('Title')).toBeVisible();
    // Nothing typed: each required field says what it needs.
    await dialog.getByRole('button', { name: 'Create trip' }).click();
    await expect(dialog.getByLabel('Title')).toHaveAccessibleDescription('Enter a title');
    await expect(dialog.getByLabel('Destination')).toHaveAccessibleDescription('Enter a destination');

    const { start, end } = nextMonth();
    await dialog.getByLabel('Title').fill('Tokyo in the spring');
    await dialog.getByLabel('Destination').fill('Tokyo, Japan');
    // The server's place lookup fills in the zone and suggests the yen.
    await expect(dialog.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
    await expect(dialog.getByLabel('Base currency')).toHaveValue('JPY');
    await dialog.getByLabel('Start date').fill(start);
    await dialog.getByLabel('End date').fill(end);
    await dialog.getByLabel(/^Budget/).fill('400000');
    await dialog.getByLabel('Description').fill('Temples, trains and ramen.');
    await shoot(page, `new-trip-dialog-${name}`);
    await dialog.getByRole('button', { name: 'Create trip' }).click();

    // The new trip's own page.
    await expect(page).toHaveURL(/\/trips\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tokyo in the spring' })).toBeVisible();
    await expect(page.getByText('Upcoming', { exact: true }).first()).toBeVisible();
    const tripId = page.url().split('/').pop()!;
    const saved = await (await page.request.get(`/api/trips/${tripId}`)).json();
    expect(saved).toMatchObject({
      timeZone: 'Asia/Tokyo',
      baseCurrency: 'JPY',
      budgetTotal: 40_000_000,
      startDate: start,
      endDate: end,
    });

    // Edit Trip Details.
    await page.getByRole('button', { name: 'Edit Trip Details' }).click();
    const details = page.getByRole('dialog', { name: 'Edit Trip Details' });
    await details.getByLabel('Accommodation').fill('Hotel Gracery Shinjuku');
    await details.getByLabel('Title').fill('Tokyo, slowly');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expect(details).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Tokyo, slowly' })).toBeVisible();

    // Two companions, one edited, one removed after confirming.
    const companions = page.getByRole('region', { name: 'Trip Companions' });
    await expect(companions.getByText('No companions added to this trip.')).toBeVisible();
    for (const [who, relationship] of [
      ['Aiko Tanaka', 'Friend'],
      ['Sam Rivera', 'Colleague'],
    ] as const) {
      await companions.getByRole('button', { name: 'Add a companion' }).click();
      const add = page.getByRole('dialog', { name: 'Add a Travel Companion' });
      await add.getByLabel('Name').fill(who);
      await add.getByLabel('Relationship').fill(relationship);
      await add.getByRole('button', { name: 'Add Companion' }).click();
      await expect(add).toHaveCount(0);
      await expect(companions.getByText(who)).toBeVisible();
    }

    await companions.getByRole('button', { name: 'Edit Aiko Tanaka' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Travel Companion' });
    await expect(edit.getByLabel('Name')).toHaveValue('Aiko Tanaka');
    await edit.getByLabel('Relationship').fill('Best friend');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toHaveCount(0);
    await expect(companions.getByText('Best friend')).toBeVisible();

    await companions.getByRole('button', { name: 'Remove Sam Rivera' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Sam Rivera?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(companions.getByText('Sam Rivera')).toHaveCount(0);
    await expect(companions.getByText('Aiko Tanaka')).toBeVisible();

    // What is kept is what the page shows, after a reload too.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tokyo, slowly' })).toBeVisible();
    await expect(companions.getByRole('listitem')).toHaveCount(1);
    await expect(companions.getByText('Best friend')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, `trip-page-${name}`);
    await companions.scrollIntoViewIfNeeded();
    await shoot(page, `trip-companions-${name}`);
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page.getByText('Hotel Gracery Shinjuku')).toBeVisible();
  });
}

test('Home with no trip offers New trip beside Plan a Trip', async ({ page }) => {
  await signUpNewTraveller(page, 'Nora Nowhere');
  await page.goto('/');
  const present = page.getByRole('region', { name: 'Present', exact: true });
  await expect(present.getByText('No Current Trip')).toBeVisible();
  await expect(present.getByRole('link', { name: 'Plan a Trip' })).toHaveAttribute('href', '/my-trips');
  await present.getByRole('button', { name: 'New trip' }).click();
  await expect(page.getByRole('dialog', { name: 'New trip' }).getByLabel('Destination')).toBeVisible();
});
