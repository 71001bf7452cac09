import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpNewTraveller } from './support';

// A new traveller's whole path, as a person walks it, at a laptop's width and a phone's: sign
// up and confirm the e-mail, make the Tokyo trip for next month with New trip, add the flight
// from Lisbon with its own zones and four more events over three days, two companions, edit an
// event and move another to a later day, share the trip with a second new traveller with View
// & Edit, who finds it on My Trips and Home and edits an event the owner then sees. Only the
// sign-ups and the read-backs of what was stored use the API.

const widths = [
  { name: '1280', viewport: { width: 1280, height: 800 } },
  { name: '360', viewport: { width: 360, height: 740 } },
] as const;

/** YYYY-MM-DD plus whole days. */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The 10th and 13th of next month: four days, the first of them the flight's. */
function nextMonth(): { start: string; end: string } {
  const now = new Date();
  const tenth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10)).toISOString().slice(0, 10);
  return { start: tenth, end: plusDays(tenth, 3) };
}

/** "Thursday, December 10, 2026": a day's heading (and region name) on the itinerary. */
const dayHeading = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));

/** Hours Lisbon is ahead of UTC at noon on a day: 0 in winter, 1 in summer. */
function lisbonOffsetHours(date: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Lisbon', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!.value;
  return name === 'GMT' ? 0 : Number(name.slice(4, 6));
}

/** Whole days from today in Tokyo (where the trip is) to a day: what Home's "in N days" counts. */
function daysFromTodayInTokyo(date: string): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

type StoredEvent = {
  title: string;
  type: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
  timeZone: string;
  endDate: string | null;
  endTimeZone: string | null;
  location: string | null;
  endLocation: string | null;
};

async function storedEvents(page: Page, tripId: string): Promise<StoredEvent[]> {
  const response = await page.request.get(`/api/trips/${tripId}/events`);
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as StoredEvent[];
}

/** A screenshot of the step, kept with the test's results. */
async function shoot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled', fullPage });
}

/** Adds an event from a day's "Add to this day"; the dialog opens on that day. */
async function addToDay(
  page: Page,
  day: Locator,
  date: string,
  event: { title: string; type: string; start: string; end?: string; location: string },
) {
  await day.getByRole('button', { name: 'Add to this day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expect(dialog.getByLabel('Date')).toHaveValue(date);
  await dialog.getByLabel('Title').fill(event.title);
  await dialog.getByLabel('Type').selectOption(event.type);
  await dialog.getByLabel(/^Start time/).fill(event.start);
  if (event.end) await dialog.getByLabel(/^End time/).fill(event.end);
  await dialog.getByLabel(/^Location/).fill(event.location);
  await dialog.getByRole('button', { name: 'Add Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(day.getByText(event.title)).toBeVisible();
}

for (const { name, viewport } of widths) {
  test(`at ${name} px: a new traveller plans Tokyo from scratch and shares it with a second new traveller, who edits it`, async ({
    page: owner,
    secondPage: member,
  }) => {
    test.setTimeout(300_000);
    await owner.setViewportSize(viewport);
    await member.setViewportSize(viewport);
    const { start, end } = nextMonth();
    const title = `Tokyo with Aiko ${Date.now().toString(36)}`;

    // Sign up and confirm the e-mail (the mailed link signs the page in), then the app.
    await signUpNewTraveller(owner, 'Maya Tanaka');
    await owner.goto('/my-trips?tab=upcoming');
    await expect(owner.getByText('No Upcoming Trips')).toBeVisible();
    await shoot(owner, `01-my-trips-empty-${name}`);

    // New trip: the destination's lookup fills in Tokyo's zone and the yen.
    await owner.getByRole('region', { name: 'Plan it yourself' }).getByRole('button', { name: 'New trip' }).click();
    const newTrip = owner.getByRole('dialog', { name: 'New trip' });
    await newTrip.getByLabel('Title').fill(title);
    await newTrip.getByLabel('Destination').fill('Tokyo');
    await expect(newTrip.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
    await expect(newTrip.getByLabel('Base currency')).toHaveValue('JPY');
    await newTrip.getByLabel('Start date').fill(start);
    await newTrip.getByLabel('End date').fill(end);
    await shoot(owner, `02-new-trip-dialog-${name}`);
    await newTrip.getByRole('button', { name: 'Create trip' }).click();

    // The trip's own page.
    await expect(owner).toHaveURL(/\/trips\/[\w-]+$/);
    await expect(owner.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const tripId = owner.url().split('/').pop()!;
    const trip = await (await owner.request.get(`/api/trips/${tripId}`)).json();
    expect(trip).toMatchObject({ title, timeZone: 'Asia/Tokyo', baseCurrency: 'JPY', startDate: start, endDate: end });
    await expect(owner.getByText('No events scheduled yet.')).toBeVisible();
    await shoot(owner, `03-trip-page-new-${name}`);
    const day = (n: number) => owner.getByRole('region', { name: dayHeading(plusDays(start, n - 1)) });

    // The flight: leaves Lisbon at 11:35 on the first day, lands in Tokyo at 14:25 the next.
    await owner.getByRole('button', { name: 'Add the first event' }).click();
    const flight = owner.getByRole('dialog', { name: 'Add Event' });
    await expect(flight.getByLabel('Date')).toHaveValue(start);
    await flight.getByLabel('Title').fill('Flight TP 1 Lisbon to Tokyo');
    await flight.getByLabel('Type').selectOption('transportation');
    await flight.getByLabel(/^Departure place/).fill('Lisbon');
    await expect(flight.getByLabel('Time zone', { exact: true })).toHaveValue('Europe/Lisbon');
    await flight.getByLabel(/^Start time/).fill('11:35');
    const arrival = flight.getByRole('group', { name: 'Arrival' });
    await arrival.getByLabel(/^Arrival place/).fill('Tokyo');
    await expect(arrival.getByLabel('Arrival time zone')).toHaveValue('Asia/Tokyo');
    await arrival.getByLabel('Arrival day').selectOption('1');
    await arrival.getByLabel(/^End time/).fill('14:25');
    await arrival.scrollIntoViewIfNeeded();
    await shoot(owner, `04-flight-dialog-${name}`);
    await flight.getByRole('button', { name: 'Add Event' }).click();
    await expect(flight).toBeHidden();

    // It reads like a boarding pass, each end in its own local time.
    const hours = 17 + lisbonOffsetHours(start);
    await expect(day(1)).toContainText(`11:35 AM Lisbon → 2:25 PM +1 Tokyo · ${hours} h 50 m`);
    await day(1).scrollIntoViewIfNeeded();
    await shoot(owner, `05-itinerary-flight-${name}`);
    expect((await storedEvents(owner, tripId))[0]).toMatchObject({
      title: 'Flight TP 1 Lisbon to Tokyo',
      type: 'transportation',
      date: start,
      startTime: '11:35:00',
      timeZone: 'Europe/Lisbon',
      endDate: plusDays(start, 1),
      endTime: '14:25:00',
      endTimeZone: 'Asia/Tokyo',
      endLocation: 'Tokyo',
    });

    // Four more events over the next two days, each from its day's "Add to this day".
    await addToDay(owner, day(2), plusDays(start, 1), {
      title: 'Check in at Hotel Gracery',
      type: 'accommodation',
      start: '16:00',
      location: 'Shinjuku',
    });
    await addToDay(owner, day(2), plusDays(start, 1), {
      title: 'Ramen in Shinjuku',
      type: 'meal',
      start: '19:00',
      end: '20:30',
      location: 'Shinjuku',
    });
    await addToDay(owner, day(3), plusDays(start, 2), {
      title: 'Senso-ji at dawn',
      type: 'activity',
      start: '07:00',
      location: 'Asakusa',
    });
    await addToDay(owner, day(3), plusDays(start, 2), {
      title: 'teamLab Planets',
      type: 'activity',
      start: '14:00',
      end: '16:00',
      location: 'Toyosu',
    });
    await expect(day(2)).toContainText('7:00 PM');
    await expect(day(2)).toContainText('Until 8:30 PM');
    await expect(day(4).getByText('No activities planned for this day.')).toBeVisible();
    await shoot(owner, `06-itinerary-five-events-${name}`, true);

    // Two companions.
    const companions = owner.getByRole('region', { name: 'Trip Companions' });
    for (const [who, relationship] of [
      ['Aiko Tanaka', 'Sister'],
      ['Sam Rivera', 'Friend'],
    ] as const) {
      await companions.getByRole('button', { name: 'Add a companion' }).click();
      const add = owner.getByRole('dialog', { name: 'Add a Travel Companion' });
      await add.getByLabel('Name').fill(who);
      await add.getByLabel('Relationship').fill(relationship);
      if (who === 'Sam Rivera') await shoot(owner, `07-companion-dialog-${name}`);
      await add.getByRole('button', { name: 'Add Companion' }).click();
      await expect(add).toHaveCount(0);
      await expect(companions.getByText(who)).toBeVisible();
    }
    await companions.scrollIntoViewIfNeeded();
    await shoot(owner, `08-companions-${name}`);

    // Edit an event (teamLab an hour later), and move another (Senso-ji) to the last day.
    await day(3).getByRole('button', { name: 'Edit teamLab Planets' }).click();
    let edit = owner.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByLabel('Title')).toHaveValue('teamLab Planets');
    await edit.getByLabel(/^Start time/).fill('15:00');
    await edit.getByLabel(/^End time/).fill('17:00');
    await edit.getByRole('button', { name: 'Save Event' }).click();
    await expect(edit).toBeHidden();
    await expect(day(3)).toContainText('3:00 PM');
    await day(3).getByRole('button', { name: 'Edit Senso-ji at dawn' }).click();
    edit = owner.getByRole('dialog', { name: 'Edit Event' });
    await expect(edit.getByLabel('Title')).toHaveValue('Senso-ji at dawn');
    await edit.getByLabel('Date').fill(end);
    await shoot(owner, `09-move-event-dialog-${name}`);
    await edit.getByRole('button', { name: 'Save Event' }).click();
    await expect(edit).toBeHidden();
    await expect(day(4).getByText('Senso-ji at dawn')).toBeVisible();
    await expect(day(3).getByText('Senso-ji at dawn')).toHaveCount(0);
    await shoot(owner, `10-itinerary-edited-${name}`, true);
    const stored = await storedEvents(owner, tripId);
    expect(stored.map((e) => [e.title, e.date, e.startTime]).sort()).toEqual(
      [
        ['Check in at Hotel Gracery', plusDays(start, 1), '16:00:00'],
        ['Flight TP 1 Lisbon to Tokyo', start, '11:35:00'],
        ['Ramen in Shinjuku', plusDays(start, 1), '19:00:00'],
        ['Senso-ji at dawn', end, '07:00:00'],
        ['teamLab Planets', plusDays(start, 2), '15:00:00'],
      ].sort(),
    );
    const storedCompanions = (await (await owner.request.get(`/api/trips/${tripId}/companions`)).json()) as {
      name: string;
      relationship: string | null;
    }[];
    expect(storedCompanions.map((c) => [c.name, c.relationship]).sort()).toEqual([
      ['Aiko Tanaka', 'Sister'],
      ['Sam Rivera', 'Friend'],
    ]);

    // The second traveller signs up; Maya shares the trip with them from its Share button.
    const memberEmail = await signUpNewTraveller(member, 'Jun Sato');
    await owner.evaluate(() => window.scrollTo(0, 0));
    await owner.getByRole('button', { name: 'Share' }).click();
    const share = owner.getByRole('dialog', { name: 'Share this trip' });
    await shoot(owner, `11-share-dialog-${name}`);
    await share.getByRole('button', { name: 'Share with a person' }).click();
    const person = owner.getByRole('dialog', { name: 'Share with a person' });
    await person.getByLabel('Name').fill('Jun Sato');
    await person.getByLabel('Email').fill(memberEmail);
    await person.getByLabel('Permission').selectOption('edit');
    await shoot(owner, `12-share-with-person-${name}`);
    await person.getByRole('button', { name: 'Share with them' }).click();
    await expect(owner.getByText(`Jun Sato is in Shared: ${title} with View & Edit.`)).toBeVisible();
    await shoot(owner, `13-shared-${name}`);
    await owner.keyboard.press('Escape');
    await expect(share).toBeHidden();

    // The member finds it on My Trips, marked as Maya's…
    await member.goto('/my-trips?tab=upcoming');
    const card = member.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Shared by Maya')).toBeVisible();
    await expect(card.getByText('View only')).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await shoot(member, `14-member-my-trips-${name}`);

    // …and on Home, as the next trip, with how soon it starts.
    await member.goto('/');
    const present = member.getByRole('region', { name: 'Present', exact: true });
    await expect(present.getByRole('heading', { name: title })).toBeVisible();
    await expect(present.getByText(`Next trip · starts in ${daysFromTodayInTokyo(start)} days`)).toBeVisible();
    await expect(present.getByText('Shared by Maya')).toBeVisible();
    await expect(present.getByText('Flight TP 1 Lisbon to Tokyo')).toBeVisible();
    await present.scrollIntoViewIfNeeded();
    await shoot(member, `15-member-home-${name}`);

    // The member opens it from Home and edits an event.
    await present.getByRole('link', { name: 'Plan this trip' }).click();
    await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const memberDay2 = member.getByRole('region', { name: dayHeading(plusDays(start, 1)) });
    await memberDay2.getByRole('button', { name: 'Edit Ramen in Shinjuku' }).click();
    const memberEdit = member.getByRole('dialog', { name: 'Edit Event' });
    await memberEdit.getByLabel('Title').fill('Ramen at Fuunji');
    await memberEdit.getByLabel(/^Start time/).fill('19:30');
    await memberEdit.getByRole('button', { name: 'Save Event' }).click();
    await expect(memberEdit).toBeHidden();
    await expect(memberDay2.getByText('Ramen at Fuunji')).toBeVisible();
    await shoot(member, `16-member-edited-${name}`, true);

    // The owner sees the change on the trip's page.
    await owner.reload();
    await expect(day(2).getByText('Ramen at Fuunji')).toBeVisible();
    await expect(day(2)).toContainText('7:30 PM');
    await expect(day(2).getByText('Ramen in Shinjuku')).toHaveCount(0);
    await day(2).scrollIntoViewIfNeeded();
    await shoot(owner, `17-owner-sees-change-${name}`);
    expect((await storedEvents(owner, tripId)).find((e) => e.title === 'Ramen at Fuunji')).toMatchObject({
      date: plusDays(start, 1),
      startTime: '19:30:00',
      timeZone: 'Asia/Tokyo',
    });
  });
}
