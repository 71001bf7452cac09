import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, signInAs, signUpNewTraveller } from './support';

// The demo traveller's journal is read, never changed: the test that adds a travel does it as a
// newly signed-up traveller, so parallel tests (here and in other specs) keep their counts.

const results = (page: Page) => page.getByRole('region', { name: 'Your travels' });
const card = (page: Page, title: string) => results(page).getByRole('button', { name: new RegExp(title) });
const map = (page: Page) => page.getByRole('group', { name: 'Map of your travels' });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Travel details' });

test('filters the journal by search, year and tag', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/travel-journal?view=list');
  await expect(card(page, 'Roman Holiday')).toBeVisible();

  // Search looks at title, location and description, whatever the case and accents.
  const search = page.getByLabel('Search');
  await search.fill('MEDINA');
  await expect(card(page, 'Marrakech Medina Discovery')).toBeVisible();
  await expect(card(page, 'Roman Holiday')).toHaveCount(0);
  await search.fill('reykjavik');
  await expect(card(page, 'Iceland Ring Road')).toBeVisible();
  await expect(card(page, 'Marrakech Medina Discovery')).toHaveCount(0);
  await search.fill('trastevere');
  await expect(card(page, 'Roman Holiday')).toBeVisible();
  await search.fill('');

  // The years found in the journal, newest first, after All years.
  const year = page.getByLabel('Year');
  const options = await year.getByRole('option').allTextContents();
  expect(options[0]).toBe('All years');
  const years = options.slice(1).map(Number);
  expect(years.length).toBeGreaterThan(1);
  expect(years).toEqual([...years].sort((a, b) => b - a));
  const romeYear = /\d{4}/.exec((await card(page, 'Roman Holiday').textContent()) ?? '')?.[0] ?? '';
  await year.selectOption(romeYear);
  await expect(card(page, 'Roman Holiday')).toBeVisible();
  await expect(card(page, 'Santorini Sunset Escape')).toHaveCount(0);
  await year.selectOption('All years');

  // Tags.
  const tag = page.getByLabel('Tag');
  await expect(tag.getByRole('option')).toHaveText(['All tags', 'Family', 'Solo', 'Romantic', 'Adventure']);
  await tag.selectOption('Solo');
  await expect(card(page, 'Bali Wellness Retreat')).toBeVisible();
  await expect(card(page, 'Roman Holiday')).toHaveCount(0);
  await tag.selectOption('Family');
  await expect(card(page, 'Roman Holiday')).toBeVisible();
  await expect(card(page, 'New York City Lights')).toBeVisible();
  await expect(card(page, 'Bali Wellness Retreat')).toHaveCount(0);

  // Nothing matches: say so, and offer the way back.
  await search.fill('no such place anywhere');
  await expect(page.getByText('No travel history found matching your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(card(page, 'Bali Wellness Retreat')).toBeVisible();
  await expect(search).toHaveValue('');
  await expect(tag).toHaveValue('');
});

test('switches between map and list; a pin opens the panel and the choice survives a reload', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/travel-journal');
  await expect(page.getByRole('heading', { level: 1, name: 'Travel Journal' })).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Select a Trip' })).toBeVisible();

  // The map view is the default: a pin per travel, named by title and place.
  const rome = map(page).getByRole('button', { name: 'Roman Holiday, Rome, Italy' });
  await expect(rome).toBeVisible();
  await expect(map(page).getByRole('button', { name: 'Iceland Ring Road, Reykjavík, Iceland' })).toBeVisible();
  await expect(map(page).locator('path').first()).toBeAttached(); // the bundled world outline loaded
  await rome.hover();
  await expect(map(page).getByText('Rome, Italy', { exact: true })).toBeVisible(); // the location tooltip
  await rome.click();
  await expect(panel(page).getByRole('heading', { name: 'Roman Holiday' })).toBeVisible();
  await expect(panel(page).getByText('Family Trip')).toBeVisible();
  await expect(page).toHaveURL(/[?&]travel=travel-rome\b/);

  await page.reload();
  await expect(panel(page).getByRole('heading', { name: 'Roman Holiday' })).toBeVisible();
  await expect(map(page).getByRole('button', { name: 'Roman Holiday, Rome, Italy' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('button', { name: 'List View' }).click();
  await expect(page).toHaveURL(/[?&]view=list\b/);
  await expect(card(page, 'Roman Holiday')).toHaveAttribute('aria-pressed', 'true');
  await expect(map(page)).toHaveCount(0);
  await card(page, 'Iceland Ring Road').click();
  await expect(panel(page).getByRole('heading', { name: 'Iceland Ring Road' })).toBeVisible();
  await page.reload();
  await expect(panel(page).getByRole('heading', { name: 'Iceland Ring Road' })).toBeVisible();
  await expect(card(page, 'Iceland Ring Road')).toBeVisible();

  await page.getByRole('button', { name: 'Map View' }).click();
  await expect(map(page).getByRole('button', { name: 'Iceland Ring Road, Reykjavík, Iceland' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test("a trip's journal link (?trip=) opens its entry", async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/travel-journal?trip=trip-santorini');
  await expect(panel(page).getByRole('heading', { name: 'Santorini Sunset Escape' })).toBeVisible();
  await expect(panel(page).getByText('Romantic Trip')).toBeVisible();
  await expect(panel(page).getByRole('region', { name: 'Photos' }).getByRole('img')).toHaveCount(4);
});

test('adds a past travel; it shows in the list and as a pin', async ({ page }) => {
  await signUpNewTraveller(page, 'Jordan Journal');
  await page.goto('/travel-journal');
  await expect(page.getByText('No travel history available to display on map')).toBeVisible();

  await page.getByRole('button', { name: 'Add a past travel' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a past travel' });
  await dialog.getByLabel('Title').fill('Weekend in Prague');
  await dialog.getByLabel('Location').fill('Prague, Czechia');
  await dialog.getByLabel('Start date').fill('2019-04-14');
  await dialog.getByLabel('End date').fill('2019-04-12');
  await dialog.getByRole('button', { name: 'Add travel' }).click();
  // The form says what the server would, on the field, before sending (so no failed-request toast).
  await expect(dialog.getByText('The end date cannot be before the start date', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('End date')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('End date').fill('2019-04-16');
  await dialog.getByLabel('Description').fill('Bridges, towers and a long lunch.');
  await dialog.getByLabel('Highlights').fill('Charles Bridge at dawn\nThe astronomical clock');
  await dialog.getByRole('button', { name: 'Romantic' }).click();
  await dialog.getByRole('button', { name: 'Add travel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Travel added')).toBeVisible();

  await expect(map(page).getByRole('button', { name: 'Weekend in Prague, Prague, Czechia' })).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Weekend in Prague' })).toBeVisible();
  await expect(panel(page).getByText('Romantic Trip')).toBeVisible();
  await expect(panel(page).getByRole('region', { name: 'Highlights' }).getByRole('listitem')).toHaveText([
    /1\s*Charles Bridge at dawn/,
    /2\s*The astronomical clock/,
  ]);

  await page.getByRole('button', { name: 'List View' }).click();
  await expect(card(page, 'Weekend in Prague')).toContainText('April 2019');
  await expect(card(page, 'Weekend in Prague')).toContainText('Prague, Czechia');
  await page.reload();
  await expect(card(page, 'Weekend in Prague')).toBeVisible();
});

test('/travel/travel-rome is the travel’s full page', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/travel/travel-rome');
  await expect(page.getByRole('heading', { level: 1, name: 'Roman Holiday' })).toBeVisible();
  const story = page.getByRole('article', { name: 'Roman Holiday' });
  await expect(story.getByText('Rome, Italy')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'World map with a pin at Rome, Italy' }).getByRole('img', { name: 'Rome, Italy' }),
  ).toBeVisible();
  await expect(page.getByText('Family Trip')).toBeVisible();
  await expect(page.getByText('Ancient ruins by day, trattorias in Trastevere by night.')).toBeVisible();
  const photos = page.getByRole('region', { name: 'Photos' }).getByRole('img');
  await expect(photos).toHaveCount(4);
  await expect(photos.first()).toHaveAttribute('src', '/images/rome.svg');
  await expect(page.getByRole('region', { name: 'Highlights' }).getByRole('listitem')).toHaveCount(3);
  await expect(page).toHaveTitle('Roman Holiday · Naav');

  await page.getByRole('link', { name: 'See it on the journal map' }).click();
  await expect(page).toHaveURL(/\/travel-journal\?/);
  await expect(panel(page).getByRole('heading', { name: 'Roman Holiday' })).toBeVisible();
});

test('/travel/nope, or another traveller’s travel, says the trip was not found', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/travel/nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Trip not found' })).toBeVisible();
  await expect(page.getByText("The trip you're looking for doesn't exist or has been removed")).toBeVisible();

  await signInAs(page, demo.traveller2);
  await page.goto('/travel/travel-rome');
  await expect(page.getByRole('heading', { level: 1, name: 'Trip not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the Travel Journal' }).click();
  await expect(page).toHaveURL('/travel-journal');
  await expect(page.getByRole('heading', { level: 1, name: 'Travel Journal' })).toBeVisible();
});
