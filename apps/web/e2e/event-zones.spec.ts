import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eOrigin, signUpNewTraveller } from './support';

/** A new traveller's Tokyo trip with a flight from Lisbon at 11:35 landing in Tokyo at 14:25 the next day; returns the trip id. */
async function tokyoTrip(page: Page): Promise<string> {
  await signUpNewTraveller(page, 'Rui Zones');
  const headers = { origin: e2eOrigin };
  const created = await page.request.post('/api/trips', {
    headers,
    data: {
      title: 'Winter in Tokyo',
      destination: 'Japan',
      location: 'Tokyo, Japan',
      startDate: '2027-01-10',
      endDate: '2027-01-14',
      timeZone: 'Asia/Tokyo',
      baseCurrency: 'JPY',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const tripId = ((await created.json()) as { id: string }).id;
  for (const data of [
    {
      title: 'TP flight to Tokyo',
      type: 'transportation',
      date: '2027-01-10',
      startTime: '11:35',
      timeZone: 'Europe/Lisbon',
      endDate: '2027-01-11',
      endTime: '14:25',
      endTimeZone: 'Asia/Tokyo',
      location: 'Lisbon (LIS)',
      endLocation: 'Tokyo Narita (NRT)',
      confirmationNumber: 'XK7P2Q',
    },
    // An older client's event: no zone, so the trip's.
    {
      title: 'Ramen in Shinjuku',
      type: 'meal',
      date: '2027-01-11',
      startTime: '19:00',
      endTime: '20:30',
      location: 'Shinjuku',
    },
  ]) {
    const added = await page.request.post(`/api/trips/${tripId}/events`, { headers, data });
    expect(added.ok(), await added.text()).toBeTruthy();
  }
  return tripId;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the itinerary shows each time where it happens: the flight as a boarding pass, Tokyo times without a label', async ({
      page,
    }) => {
      const tripId = await tokyoTrip(page);
      await page.goto(`/trips/${tripId}`);
      const first = page.getByRole('region', { name: 'Sunday, January 10, 2027' });
      await expect(first).toContainText('11:35 AM Lisbon → 2:25 PM +1 Tokyo Narita · 17 h 50 m');
      // Lisbon's clock differs from the trip's: its short name follows the time; never Tokyo's 8:35 PM.
      await expect(first.getByRole('listitem')).toContainText(/^11:35 AM GMT(?!\+)/);
      await expect(first).not.toContainText('8:35 PM');
      const second = page.getByRole('region', { name: 'Monday, January 11, 2027' });
      await expect(second).toContainText('7:00 PM');
      await expect(second).toContainText('Until 8:30 PM');
      await expect(second).not.toContainText('GMT');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page
        .getByRole('tabpanel', { name: 'Itinerary' })
        .screenshot({ path: test.info().outputPath(`itinerary-${viewport.width}.png`) });
    });
  });
}
