import type { Page } from '@playwright/test';
import { expectNone, scan } from './axe';
import { expect, test } from './fixtures';
import { e2eOrigin, signUpNewTraveller } from './support';

// A traveller packs for a winter trip: the list starts from the built-in starter Naav suggests
// for the destination's weather, a tick survives a reload (it was stored), and a to-do due
// before departure shows on Home under the next trip. Each run signs up a traveller of its own.

/** YYYY-MM-DD, whole days from today (UTC). */
const fromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled', fullPage });
}

/** Reykjavík, three weeks away: cold whatever the month, so the Winter starter is the suggestion. */
async function winterTrip(page: Page): Promise<{ id: string; startDate: string }> {
  await signUpNewTraveller(page, 'Freya Packer');
  const startDate = fromToday(21);
  const created = await page.request.post('/api/trips', {
    headers: { origin: e2eOrigin },
    data: {
      title: 'Northern lights',
      destination: 'Iceland',
      location: 'Reykjavik, Iceland',
      startDate,
      endDate: fromToday(25),
      timeZone: 'Atlantic/Reykjavik',
      baseCurrency: 'ISK',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return { id: ((await created.json()) as { id: string }).id, startDate };
}

test('start a list from the suggested starter, tick an item that stays ticked after a reload, and see a to-do on Home', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const trip = await winterTrip(page);
  await page.goto(`/trips/${trip.id}`);
  await expect(page.getByText('Nothing packed yet')).toBeVisible();
  await page.getByRole('button', { name: 'Start from a template' }).click();

  const dialog = page.getByRole('dialog', { name: 'Start from a template' });
  const uses = dialog.getByRole('button', { name: /^Use / });
  await expect(uses.first()).toHaveAccessibleName('Use Winter');
  await expect(dialog.getByText('Suggested')).toBeVisible();
  await shoot(page, 'packing-templates-1280');
  expectNone(await scan(page, 'the template dialog'));
  await uses.first().click();
  await expect(dialog).toBeHidden();

  const clothing = page.getByRole('region', { name: 'Clothing' });
  // Five days: a pair of warm socks a day.
  await expect(clothing.locator('label', { hasText: 'Warm socks' })).toContainText('× 5');
  const coat = clothing.getByRole('checkbox', { name: /Warm coat/ });
  const stored = page.waitForResponse((response) => response.url().includes('packing.update') && response.ok());
  await coat.check();
  await stored;
  await expect(page.getByText(/^1 of \d+ packed$/)).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Clothing' }).getByRole('checkbox', { name: /Warm coat/ }),
  ).toBeChecked();
  await expect(
    page.getByRole('region', { name: 'Clothing' }).getByRole('checkbox', { name: /Warm socks/ }),
  ).not.toBeChecked();

  // A to-do three days before departure.
  await page.getByRole('button', { name: 'Add a to-do' }).click();
  const todoDialog = page.getByRole('dialog', { name: 'Add a to-do' });
  await todoDialog.getByLabel(/^To-do/).fill('Buy a woolly hat');
  await todoDialog.getByLabel(/^Due date/).fill(fromToday(18));
  await todoDialog.getByLabel(/^Who does it/).selectOption({ label: 'Freya Packer (trip owner)' });
  await todoDialog.getByRole('button', { name: 'Add To-do' }).click();
  await expect(todoDialog).toBeHidden();
  const todos = page.getByRole('region', { name: 'To-dos' });
  await expect(todos.getByText('Buy a woolly hat')).toBeVisible();
  await expect(todos.getByText(/before you leave · Freya Packer/)).toBeVisible();
  await shoot(page, 'packing-list-1280');

  await page.goto('/');
  const beforeYouGo = page.getByRole('region', { name: 'Before you go' });
  await expect(beforeYouGo.getByText('Buy a woolly hat')).toBeVisible();
  await shoot(page, 'home-before-you-go-1280');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/trips/${trip.id}`);
  await expect(
    page.getByRole('region', { name: 'Clothing' }).getByRole('checkbox', { name: /Warm coat/ }),
  ).toBeChecked();
  // Every item's tick, edit and delete are at least 44 px tall on a phone.
  for (const control of [
    page.getByRole('button', { name: 'Edit Warm coat' }),
    page.getByRole('button', { name: 'Delete Warm coat' }),
  ]) {
    const box = await control.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
  }
  const row = await page
    .getByRole('region', { name: 'Clothing' })
    .locator('label', { hasText: 'Warm coat' })
    .boundingBox();
  expect(row!.height).toBeGreaterThanOrEqual(44);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await shoot(page, 'packing-list-360');
  expectNone(await scan(page, 'the packing list and to-dos on a phone'));
  // The list and the to-dos as a phone shows them, screen by screen.
  await page.getByRole('heading', { name: 'Packing list' }).scrollIntoViewIfNeeded();
  await shoot(page, 'packing-list-360-screen', false);
  await page.getByRole('region', { name: 'To-dos' }).scrollIntoViewIfNeeded();
  await shoot(page, 'todos-360-screen', false);
  await page.goto('/');
  const home = page.getByRole('region', { name: 'Before you go' });
  await expect(home.getByText('Buy a woolly hat')).toBeVisible();
  await shoot(page, 'home-before-you-go-360');
  await home.scrollIntoViewIfNeeded();
  await shoot(page, 'home-before-you-go-360-screen', false);
});
