import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, e2eOrigin, signInAs, signUpNewTraveller } from './support';

// Tests run in parallel on one demo database: the ones that change a trip sign up a
// traveller of their own and plan a trip for them, so the demo data others read stays put.

const zone = 'Europe/Lisbon';

/** A date `offset` days from today in the trip's time zone, YYYY-MM-DD. */
function dayFromToday(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

interface PlannedTrip {
  id: string;
  title: string;
}

/** Signs up a new traveller (the session lands in the page) with one trip under way: yesterday to tomorrow. */
async function travellerWithCurrentTrip(page: Page): Promise<PlannedTrip> {
  await signUpNewTraveller(page, 'Robin Tester');
  const trip = await page.request.post('/api/trips', {
    data: {
      title: 'Porto Weekend',
      destination: 'Portugal',
      location: 'Porto, Portugal',
      startDate: dayFromToday(-1),
      endDate: dayFromToday(1),
      timeZone: zone,
      hotelPhone: '+351 22 000 0000',
    },
    headers: { origin: e2eOrigin },
  });
  expect(trip.ok(), await trip.text()).toBeTruthy();
  return (await trip.json()) as PlannedTrip;
}

async function openTripOption(page: Page, option: string) {
  await page.getByRole('button', { name: 'Trip options' }).click();
  await page.getByRole('menuitem', { name: option }).click();
  return page.getByRole('dialog', { name: option === 'Cancel Trip' ? 'Cancel this trip?' : option });
}

test('edits the current trip: a bad date range is refused by name, then the change shows', async ({ page }) => {
  await travellerWithCurrentTrip(page);
  await page.goto('/my-trips');
  await expect(page.getByRole('heading', { name: 'My Trips', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Porto Weekend' })).toBeVisible();
  await expect(page.getByText('Active Trip')).toBeVisible();

  const dialog = await openTripOption(page, 'Edit Trip Details');
  await dialog.getByLabel('End date').fill(dayFromToday(-3));
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('The end date cannot be before the start date')).toBeVisible();
  await expect(dialog.getByLabel('End date')).toBeFocused();

  await dialog.getByLabel('End date').fill(dayFromToday(2));
  await dialog.getByLabel('Title').fill('Porto & the Douro Valley');
  await dialog.getByLabel(/Accommodation/).fill('The Yeatman, Vila Nova de Gaia');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Porto & the Douro Valley' })).toBeVisible();
  await expect(page.getByText('The Yeatman, Vila Nova de Gaia').first()).toBeVisible();
  // One more day: 4 days, counted inclusively.
  await expect(page.getByRole('heading', { name: 'Day 2 of 4' })).toBeVisible();
});

test('adds an event, which shows in the schedule of its day', async ({ page }) => {
  await travellerWithCurrentTrip(page);
  await page.goto('/my-trips');
  await expect(page.getByRole('heading', { name: 'Day 2 of 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.getByLabel('Date')).toHaveAttribute('min', dayFromToday(-1));
  await expect(dialog.getByLabel('Date')).toHaveAttribute('max', dayFromToday(1));
  // An end before the start is refused, naming the field.
  await dialog.getByLabel('Title').fill('Port wine tasting');
  await dialog.getByLabel('Date').fill(dayFromToday(1));
  await dialog.getByLabel(/Start time/).fill('18:30');
  await dialog.getByLabel(/End time/).fill('17:00');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog.getByText('The end time cannot be before the start time')).toBeVisible();
  await dialog.getByLabel(/End time/).fill('20:00');
  await dialog.getByLabel(/Location/).fill('Taylor’s Port cellars');
  await dialog.getByLabel('Status').selectOption('pending');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog).toBeHidden();

  // The panel moves to the event's day.
  await expect(page.getByRole('heading', { name: 'Day 3 of 3' })).toBeVisible();
  const schedule = page.getByRole('region', { name: "Today's Schedule" });
  const item = schedule.getByRole('listitem').filter({ hasText: 'Port wine tasting' });
  await expect(item).toContainText('6:30 PM');
  await expect(item).toContainText('8:00 PM');
  await expect(item).toContainText('Pending');
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(schedule.getByText('Free Day')).toBeVisible();
  await expect(page.getByText('Activities', { exact: true }).locator('..')).toContainText('1');
});

test("steps through the demo trip's days from today; Previous and Next stop at the ends", async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/my-trips');
  const previous = page.getByRole('button', { name: 'Previous day' });
  const next = page.getByRole('button', { name: 'Next day' });
  const schedule = page.getByRole('region', { name: "Today's Schedule" });
  // The Lisbon trip started two days ago and lasts seven days.
  await expect(page.getByRole('heading', { name: 'Day 3 of 7' })).toBeVisible();
  await expect(schedule.getByRole('listitem').first()).toContainText('Breakfast on the terrace');
  await expect(schedule.getByRole('listitem').first()).toContainText('8:00 AM');
  await expect(page.getByText(/^Typical for /)).toBeVisible();

  await previous.click();
  await previous.click();
  await expect(page.getByRole('heading', { name: 'Day 1 of 7' })).toBeVisible();
  await expect(schedule).toContainText('Flight TP 202 to Lisbon');
  await expect(previous).toBeDisabled();

  for (let i = 0; i < 6; i += 1) await next.click();
  await expect(page.getByRole('heading', { name: 'Day 7 of 7' })).toBeVisible();
  await expect(next).toBeDisabled();
  await expect(schedule.getByText('Free Day')).toBeVisible();

  const contacts = page.getByRole('region', { name: 'Emergency Contacts' });
  await expect(contacts.getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
  await expect(contacts.getByRole('link', { name: '+351 210 495 660' })).toHaveAttribute('href', 'tel:+351210495660');
});

test('shares the itinerary with a link that works signed out, then revokes it', async ({ page, playwright }) => {
  await travellerWithCurrentTrip(page);
  await page.goto('/my-trips');
  const dialog = await openTripOption(page, 'Share Itinerary');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(link).toHaveValue(new RegExp(`^${e2eOrigin}/share/[\\w-]{20,}$`));
  const sharePath = new URL(await link.inputValue()).pathname;

  // Someone without an account opens it.
  const stranger = await playwright.request.newContext({ baseURL: e2eOrigin });
  const shared = await stranger.get(`/api${sharePath}`);
  expect(shared.status()).toBe(200);
  expect(((await shared.json()) as { trip: { title: string } }).trip.title).toBe('Porto Weekend');

  // The same share dialog as the trip's page: it asks inside itself before revoking.
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByText('Revoke this link?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  expect((await stranger.get(`/api${sharePath}`)).status()).toBe(404);
  await stranger.dispose();
});

test('exports to a calendar: downloads the .ics and subscribes to a feed that can be revoked', async ({
  page,
  playwright,
}) => {
  await travellerWithCurrentTrip(page);
  await page.goto('/my-trips');
  const dialog = await openTripOption(page, 'Export to Calendar');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download .ics file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('porto-weekend.ics');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const ics = Buffer.concat(chunks).toString('utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR')).toBe(true);
  expect(ics).toContain('Porto Weekend');

  // The dialog says what the feed exposes, unlike the share link.
  await expect(dialog.getByText(/^Unlike the share link, the feed holds every event as you see it/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Subscription Link' }).click();
  const feed = dialog.getByRole('textbox', { name: 'Calendar feed URL' });
  await expect(feed).toHaveValue(new RegExp(`^${e2eOrigin}/api/calendar/.+\\.ics$`));
  const feedUrl = await feed.inputValue();
  await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    feedUrl.replace('http:', 'webcal:'),
  );
  const calendarApp = await playwright.request.newContext();
  expect((await (await calendarApp.get(feedUrl)).text()).startsWith('BEGIN:VCALENDAR')).toBe(true);

  await dialog.getByRole('button', { name: 'Revoke Feed' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the calendar feed?' })
    .getByRole('button', { name: 'Revoke Feed' })
    .click();
  await expect(dialog.getByRole('button', { name: 'Create Subscription Link' })).toBeVisible();
  expect((await calendarApp.get(feedUrl)).status()).toBe(404);
  await calendarApp.dispose();
});

test('adds a travel companion and removes them after confirming', async ({ page }) => {
  await travellerWithCurrentTrip(page);
  await page.goto('/my-trips');
  const card = page.getByRole('region', { name: 'Travel Companions' });
  await expect(card.getByText('No companions added to this trip.')).toBeVisible();

  await card.getByRole('button', { name: 'Add a companion' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Travel Companion' });
  await dialog.getByRole('button', { name: 'Add Companion' }).click();
  await expect(dialog.getByText('Enter a name')).toBeVisible();
  await dialog.getByLabel('Name').fill('Sam Rivera');
  await dialog.getByLabel('Relationship').fill('Friend');
  await dialog.getByRole('button', { name: 'Add Companion' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Sam Rivera')).toBeVisible();
  await expect(page.getByText('Companions', { exact: true }).locator('..')).toContainText('1');

  await card.getByRole('button', { name: 'Remove Sam Rivera' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Sam Rivera?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText('No companions added to this trip.')).toBeVisible();
});

test('the trip planner sends a request, confirms it and lists it as Requested', async ({ page }) => {
  await travellerWithCurrentTrip(page);
  await page.goto('/my-trips?tab=upcoming');
  await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No Upcoming Trips')).toBeVisible();

  const form = page.getByRole('region', { name: 'Ask the travel team to plan it' });
  await form.getByRole('button', { name: 'Submit Trip Request' }).click();
  await expect(form.getByText('Destination is required')).toBeVisible();
  await form.getByLabel('Destination').fill('Amalfi Coast');
  await form.getByLabel('Start date').fill(dayFromToday(60));
  await form.getByLabel('End date').fill(dayFromToday(67));
  await form.getByRole('slider', { name: 'Budget' }).fill('8000');
  await form.getByText('Boutique', { exact: true }).click();
  await form.getByText('Foodie', { exact: true }).click();
  await form.getByLabel(/Custom experiences/).selectOption('Yacht charter');
  await form.getByRole('button', { name: 'Add experience' }).click();
  await form.getByRole('button', { name: 'More children' }).click();
  await form.getByRole('button', { name: 'Submit Trip Request' }).click();

  await expect(
    page.getByText('Trip planning request submitted! A travel concierge will contact you shortly.'),
  ).toBeVisible();
  await expect(form.getByLabel('Destination')).toHaveValue('');
  const request = page.getByRole('article', { name: 'Amalfi Coast' });
  await expect(request).toContainText('Requested');
  await expect(request).toContainText('$8,000');
  await expect(request).toContainText('Boutique');
});

test("the trip planner fills in the trip's time zone from its destination's city, and the traveller can change it", async ({
  page,
}) => {
  await travellerWithCurrentTrip(page);
  await page.goto('/my-trips?tab=upcoming');
  const form = page.getByRole('region', { name: 'Ask the travel team to plan it' });
  const zone = form.getByLabel(/Time zone/);
  await expect(zone).toHaveValue('');
  // A city the old hand-kept list did not know.
  await form.getByLabel('Destination').fill('Tbilisi, Georgia');
  await expect(zone).toHaveValue('Asia/Tbilisi');
  await expect(form.getByText('Filled in from Tbilisi, Georgia')).toBeVisible();
  await zone.selectOption('Europe/Istanbul');
  const answered = page.waitForResponse(
    (r) => r.url().includes('places.lookup') && decodeURIComponent(r.url()).includes('Oia'),
  );
  await form.getByLabel('Destination').fill('Oia, Santorini, Greece');
  await answered;
  await expect(form.getByText(/Filled in from/)).toBeHidden();
  await expect(zone).toHaveValue('Europe/Istanbul');
});

test('the tab lives in the address; Past Trips has View Details and Travel Journal', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/my-trips?tab=past');
  const santorini = page.getByRole('article', { name: 'Santorini Sunset Escape' });
  await expect(santorini.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', '/trips/trip-santorini');
  await expect(santorini.getByRole('link', { name: /Travel Journal/ })).toHaveAttribute(
    'href',
    '/travel-journal?trip=trip-santorini',
  );
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Past Trips' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await expect(page).toHaveURL(/\?tab=upcoming$/);
  await expect(page.getByRole('article', { name: 'Kyoto in Autumn' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Patagonia Trek' })).toBeVisible();
});

test('cancelling the trip, after confirming, leaves No Current Trip', async ({ page }) => {
  await travellerWithCurrentTrip(page);
  await page.goto('/my-trips');
  const dialog = await openTripOption(page, 'Cancel Trip');
  await dialog.getByRole('button', { name: 'Keep Trip' }).click();
  await expect(page.getByRole('heading', { name: 'Porto Weekend' })).toBeVisible();

  const again = await openTripOption(page, 'Cancel Trip');
  await again.getByRole('button', { name: 'Cancel Trip' }).click();
  await expect(page.getByText('No Current Trip')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No Current Trip')).toBeVisible();
});

test('a cancelled trip shows under Past Trips, marked Cancelled, with its details and no journal', async ({ page }) => {
  const trip = await travellerWithCurrentTrip(page);
  const cancelled = await page.request.post(`/api/trips/${trip.id}/cancel`, {
    headers: { origin: e2eOrigin },
    data: {},
  });
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  await page.goto('/my-trips?tab=past');
  const card = page.getByRole('article', { name: 'Porto Weekend' });
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/trips/${trip.id}`);
  await expect(card.getByRole('link', { name: /Travel Journal/ })).toHaveCount(0);
  await expect(page.getByText('No Past Trips')).toHaveCount(0);
});

test("Past Trips lists the journal's travels too, newest first, an ended trip once; each opens its travel page or the journal", async ({
  page,
}) => {
  await signInAs(page, demo.traveller);
  await page.goto('/my-trips?tab=past');
  const panel = page.getByRole('tabpanel', { name: 'Past Trips' });
  const rome = panel.getByRole('article', { name: 'Roman Holiday' });
  await expect(rome).toBeVisible();
  // The demo journal, by start date; other tests may add travels of their own around them.
  const journal = [
    'Santorini Sunset Escape',
    'Marrakech Medina Discovery',
    'Iceland Ring Road',
    'New York City Lights',
    'Bali Wellness Retreat',
    'Swiss Alps by Rail',
    'Roman Holiday',
  ];
  const shown = await panel
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent ?? ''));
  expect(shown.filter((title) => journal.includes(title))).toEqual(journal);
  // The Santorini trip ended and joined the journal: one card, the trip's.
  await expect(panel.getByRole('article', { name: 'Santorini Sunset Escape' })).toHaveCount(1);
  await expect(
    panel.getByRole('article', { name: 'Santorini Sunset Escape' }).getByRole('link', { name: /View Details/ }),
  ).toHaveAttribute('href', '/trips/trip-santorini');

  await rome.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/travel\/travel-rome$/);
  await expect(page.getByRole('heading', { name: 'Roman Holiday', level: 1 })).toBeVisible();
  await page.goBack();
  await rome.getByRole('link', { name: /Travel Journal/ }).click();
  await expect(page).toHaveURL(/\/travel-journal\?travel=travel-rome$/);
  await expect(page.getByRole('heading', { name: 'Roman Holiday', level: 2 })).toBeVisible();
});
