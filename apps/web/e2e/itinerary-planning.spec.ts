import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectOnScreen } from './layout';
import { demo, signInAs } from './support';

// The demo's upcoming Kyoto trip starts with an empty itinerary; this is the only spec that
// changes its events.

/** YYYY-MM-DD plus whole days. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** "Sunday, December 27, 2026": a day's heading on the itinerary. */
const dayHeading = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));

type StoredEvent = {
  id: string;
  title: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  timeZone: string;
  endDate: string | null;
  endTimeZone: string | null;
  endLocation: string | null;
  confirmationNumber: string | null;
};

async function storedEvents(page: Page): Promise<StoredEvent[]> {
  const response = await page.request.get('/api/trips/trip-kyoto/events');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as StoredEvent[];
}

/** A screenshot kept with the test's results, to be looked at. */
async function shoot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled', fullPage });
}

test('plans the Kyoto trip day by day: a flight across zones, an event on another day, one moved, one deleted', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, demo.traveller);
  const trip = (await (await page.request.get('/api/trips/trip-kyoto')).json()) as {
    startDate: string;
    endDate: string;
  };
  const day = (n: number) => page.getByRole('region', { name: dayHeading(plusDays(trip.startDate, n - 1)) });

  await page.goto('/trips/trip-kyoto');
  await expect(page.getByRole('heading', { name: 'Kyoto in Autumn', level: 1 })).toBeVisible();
  await expect(page.getByText('No events scheduled yet.')).toBeVisible();

  // The first event: a flight from Lisbon at 11:35 landing in Tokyo at 14:25 the next day.
  await page.getByRole('button', { name: 'Add the first event' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.getByLabel('Date')).toHaveValue(trip.startDate);
  await expect(dialog.getByLabel('Time zone', { exact: true })).toHaveValue('Asia/Tokyo');
  await dialog.getByLabel('Title').fill('Flight TP 1 Lisbon to Tokyo');
  await dialog.getByLabel('Type').selectOption('transportation');
  await dialog.getByLabel(/^Departure place/).fill('Lisbon');
  await expect(dialog.getByLabel('Time zone', { exact: true })).toHaveValue('Europe/Lisbon');
  await expect(dialog.getByText('Filled in from Lisbon, Portugal')).toBeVisible();
  await dialog.getByLabel(/^Start time/).fill('11:35');
  const arrival = dialog.getByRole('group', { name: 'Arrival' });
  await arrival.getByLabel(/^Arrival place/).fill('Tokyo');
  await expect(arrival.getByLabel('Arrival time zone')).toHaveValue('Asia/Tokyo');
  await arrival.getByLabel(/^End time/).fill('14:25');
  await dialog.getByLabel(/^Confirmation number/).fill('XK7P2Q');
  // Landing at 14:25 in Tokyo on the day it leaves Lisbon at 11:35 would be before it left.
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(arrival.getByText('The end time cannot be before the start time')).toBeVisible();
  await arrival.getByLabel('Arrival day').selectOption('1');
  await shoot(page, 'dialog-flight-1280');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(day(1).getByText('Flight TP 1 Lisbon to Tokyo')).toBeVisible();
  const [flight] = await storedEvents(page);
  expect(flight).toMatchObject({
    date: trip.startDate,
    startTime: '11:35:00',
    timeZone: 'Europe/Lisbon',
    endDate: plusDays(trip.startDate, 1),
    endTime: '14:25:00',
    endTimeZone: 'Asia/Tokyo',
    endLocation: 'Tokyo',
    confirmationNumber: 'XK7P2Q',
  });

  // Every day of the trip is listed now; a free day says so and offers Add to this day.
  await expect(day(3).getByText('No activities planned for this day.')).toBeVisible();
  await day(3).getByRole('button', { name: 'Add to this day' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.getByLabel('Date')).toHaveValue(plusDays(trip.startDate, 2));
  await dialog.getByLabel('Title').fill('Tea ceremony in Gion');
  await dialog.getByLabel(/^Start time/).fill('15:00');
  await dialog.getByLabel(/^End time/).fill('16:30');
  await dialog.getByLabel(/^Location/).fill('Gion, Kyoto');
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(day(3).getByText('Tea ceremony in Gion')).toBeVisible();
  await expect(day(3).getByText('3:00 PM')).toBeVisible();

  // Edit moves it to day 5.
  await day(3).getByRole('button', { name: 'Edit Tea ceremony in Gion' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Tea ceremony in Gion');
  await dialog.getByLabel('Date').fill(plusDays(trip.startDate, 4));
  await dialog.getByLabel('Status').selectOption('pending');
  await dialog.getByRole('button', { name: 'Save Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(day(5).getByText('Tea ceremony in Gion')).toBeVisible();
  await expect(day(5).getByText('Pending')).toBeVisible();
  await expect(day(3).getByText('No activities planned for this day.')).toBeVisible();
  await shoot(page, 'itinerary-1280', true);

  // Delete asks first; kept, then deleted.
  await day(1).getByRole('button', { name: 'Delete Flight TP 1 Lisbon to Tokyo' }).click();
  let confirm = page.getByRole('dialog', { name: 'Delete this event?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(day(1).getByText('Flight TP 1 Lisbon to Tokyo')).toBeVisible();
  await day(1).getByRole('button', { name: 'Delete Flight TP 1 Lisbon to Tokyo' }).click();
  confirm = page.getByRole('dialog', { name: 'Delete this event?' });
  await confirm.getByRole('button', { name: 'Delete event' }).click();
  await expect(page.getByText('Event deleted')).toBeVisible();
  await expect(day(1).getByText('No activities planned for this day.')).toBeVisible();
  expect((await storedEvents(page)).map((e) => [e.title, e.date])).toEqual([
    ['Tea ceremony in Gion', plusDays(trip.startDate, 4)],
  ]);

  // On a phone: the itinerary reads in one column, and the dialog keeps its main button on screen and works from the keyboard.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await expect(day(5).getByText('Tea ceremony in Gion')).toBeVisible();
  await shoot(page, 'itinerary-360', true);
  await day(2).getByRole('button', { name: 'Add to this day' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Shinkansen to Tokyo');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Type')).toBeFocused();
  await dialog.getByLabel('Type').selectOption('transportation');
  await expectOnScreen(dialog.getByRole('button', { name: 'Add Event' }), 'the dialog’s Add Event');
  await shoot(page, 'dialog-transport-360');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await day(5).getByRole('button', { name: 'Edit Tea ceremony in Gion' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Event' });
  await expectOnScreen(dialog.getByRole('button', { name: 'Save Event' }), 'the dialog’s Save Event');
  await shoot(page, 'dialog-edit-360');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`My Trips' day panel edits its events in the same dialog, at ${viewport.width} px (opened and left unchanged)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, demo.traveller);
    await page.goto('/my-trips');
    const schedule = page.getByRole('region', { name: "Today's Schedule" });
    const first = schedule.getByRole('listitem').first();
    await expect(first).toContainText('Breakfast on the terrace');
    await first.scrollIntoViewIfNeeded();
    await shoot(page, `my-trips-day-panel-${viewport.width}`);
    await first.getByRole('button', { name: 'Edit Breakfast on the terrace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Event' });
    await expect(dialog.getByLabel('Title')).toHaveValue('Breakfast on the terrace');
    await expect(dialog.getByLabel('Time zone', { exact: true })).toHaveValue('Europe/Lisbon');
    await expectOnScreen(dialog.getByRole('button', { name: 'Save Event' }), 'the dialog’s Save Event');
    await shoot(page, `my-trips-edit-dialog-${viewport.width}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
}
