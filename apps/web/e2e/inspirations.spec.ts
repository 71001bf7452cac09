import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, signInAs, signUpNewTraveller } from './support';

// Favourites are per user: the favourite test runs as a newly signed-up traveller so parallel
// specs never see its hearts.

const recommended = (page: Page) => page.getByRole('region', { name: 'Based on your past trips' });
const card = (page: Page, title: string) => recommended(page).getByRole('article', { name: title });

test('filters the ideas, saves a favourite that survives a reload and shows only favourites', async ({ page }) => {
  await signUpNewTraveller(page, 'Fiona Favourite');
  await page.goto('/inspirations');
  await expect(page.getByRole('heading', { level: 1, name: 'Travel Inspirations' })).toBeVisible();
  await expect(recommended(page).getByRole('article')).toHaveCount(3);

  // The panel opens and closes.
  const toggle = page.getByRole('button', { name: 'Show Filters' });
  await toggle.click();
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters).toBeVisible();
  await page.getByRole('button', { name: 'Hide Filters' }).click();
  await expect(filters).toBeHidden();
  await toggle.click();

  // Cultural ideas within the default $7,000 budget: Kyoto and Morocco.
  await filters.getByLabel('Category').selectOption('cultural');
  await expect(recommended(page).getByRole('article')).toHaveCount(2);
  await expect(card(page, 'Temples of Kyoto')).toBeVisible();
  await expect(card(page, 'Imperial Cities of Morocco')).toBeVisible();
  // Each card: price per day (6,200 ÷ 8 = 775), for two, and the default rating when unrated.
  await expect(card(page, 'Temples of Kyoto')).toContainText('$775 per day');
  await expect(card(page, 'Temples of Kyoto')).toContainText('For 2');

  // Longer than the range allows: nothing matches.
  await filters.getByLabel('Duration').selectOption('10-14');
  await expect(recommended(page).getByText('No recommendations available based on your filters')).toBeVisible();
  await filters.getByLabel('Duration').selectOption('all');

  const heart = card(page, 'Temples of Kyoto').getByRole('button', { name: 'Add Temples of Kyoto to favourites' });
  await heart.click();
  await expect(
    card(page, 'Temples of Kyoto').getByRole('button', { name: 'Remove Temples of Kyoto from favourites' }),
  ).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove Temples of Kyoto from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Remove Imperial Cities of Morocco from favourites' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Show Filters' }).click();
  await page.getByRole('region', { name: 'Filters' }).getByLabel('Favourites only').check();
  await expect(recommended(page).getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Temples of Kyoto')).toBeVisible();
});

test('explains the ranking from past trips, groups seasonal ideas and requests an invitation', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/inspirations');
  await expect(
    recommended(page)
      .getByText(/^Because you loved /)
      .first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'View All' }).click();
  const seasonal = page.getByRole('region', { name: 'Seasonal Ideas' });
  await expect(seasonal.getByRole('heading', { level: 3, name: 'Wellness', exact: true })).toBeVisible();

  await page
    .getByRole('region', { name: 'Exclusive Events' })
    .getByRole('button', { name: 'Request Invitation' })
    .first()
    .click();
  await expect(page.getByText('Invitation requested')).toBeVisible();
});
