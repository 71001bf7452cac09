import { expect, test } from '@playwright/test';
import { signUpNewTraveller } from './support';

// A journal far longer than a screen: the list keeps a screenful of cards in the page and asks
// for the next page as the traveller scrolls, however many travels there are.

const travels = 400;
const day = (i: number) => new Date(Date.UTC(1990, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const title = (i: number) => `Long journal ${String(i).padStart(4, '0')}`;

test('the list of a long journal stays a screenful in the page and loads later travels as it scrolls; Past Trips reads it a page at a time', async ({ page }) => {
  await signUpNewTraveller(page, 'Lee Longjournal');
  // Seeded through the API, twenty at a time; the newest has the highest number.
  for (let start = 0; start < travels; start += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, k) =>
        page.request
          .post('/api/travels/history', { data: { title: title(start + k), location: 'Porto, Portugal', startDate: day(start + k), endDate: day(start + k) } })
          .then(async (response) => expect(response.ok(), await response.text()).toBeTruthy()),
      ),
    );
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/travel-journal?view=list');
  const results = page.getByRole('region', { name: 'Your travels' });
  const cards = results.getByRole('button', { name: /^Long journal/ });
  await expect(page.getByText(`${travels} travels`, { exact: true })).toBeVisible();
  await expect(cards.first()).toHaveAccessibleName(new RegExp(title(travels - 1)));

  const bounded = async () => {
    const inPage = await cards.count();
    expect(inPage).toBeGreaterThan(0);
    expect(inPage).toBeLessThanOrEqual(24);
    // The whole document, not just the list: a non-virtual list of 400 cards alone is about 3,000 nodes.
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(1_200);
  };
  await bounded();

  // Scroll to the end, page after page, until the oldest travel is there.
  const oldest = results.getByRole('button', { name: new RegExp(title(0)) });
  for (let step = 0; step < 60 && !(await oldest.isVisible()); step++) {
    await page.mouse.wheel(0, 2_500);
    await page.waitForTimeout(150);
    if (step % 10 === 9) await bounded();
  }
  await expect(oldest).toBeVisible();
  await bounded();
  // The travel at the end works like the first: it opens in the panel.
  await oldest.click();
  await expect(page.getByRole('complementary', { name: 'Travel details' }).getByRole('heading', { name: title(0) })).toBeVisible();

  // My Trips' Past Trips: the newest page of travels, then the next one on request, newest first.
  await page.goto('/my-trips?tab=past');
  const past = page.getByRole('region', { name: 'Past Trips' }).getByRole('link', { name: /^View Details of Long journal/ });
  await expect(past).toHaveCount(24);
  await expect(past.first()).toHaveAccessibleName(`View Details of ${title(travels - 1)}`);
  await page.getByRole('button', { name: 'Show more past trips' }).click();
  await expect(past).toHaveCount(48);
  await expect(past.nth(47)).toHaveAccessibleName(`View Details of ${title(travels - 48)}`);
});
