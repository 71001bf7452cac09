import { expect, test } from './fixtures';
import { e2eOrigin, signUpNewTraveller } from './support';

// A traveller of its own: the test shares and changes a trip of theirs.

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

test('a public link shows no booking reference, name or price until the owner ticks it, under a plain header', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpNewTraveller(page, 'Maya Tanaka');
  const created = await page.request.post('/api/trips', {
    data: {
      title: 'Tokyo in Spring',
      destination: 'Japan',
      location: 'Tokyo, Japan',
      startDate: dayFromToday(10),
      endDate: dayFromToday(13),
      timeZone: 'Asia/Tokyo',
    },
    headers: { origin: e2eOrigin },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const trip = (await created.json()) as { id: string };
  const event = await page.request.post(`/api/trips/${trip.id}/events`, {
    data: {
      title: 'Flight TP 1234 to Tokyo',
      type: 'transportation',
      date: dayFromToday(10),
      startTime: '11:35',
      description: 'Provider: TAP\nConfirmation: XK7P2Q\nTravellers: Maya Tanaka\nPrice: €890.00',
    },
    headers: { origin: e2eOrigin },
  });
  expect(event.ok(), await event.text()).toBeTruthy();

  await page.goto(`/trips/${trip.id}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this trip' });
  for (const name of [/Show booking references/, /Show traveller names/, /Show prices/]) {
    await expect(dialog.getByRole('checkbox', { name })).not.toBeChecked();
  }
  await expect(
    dialog.getByText(
      /It never shows notes, phone numbers, the budget, expenses, booking references, traveller names and prices\./,
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(link).toHaveValue(/\/share\/[\w-]{20,}$/);
  const shareUrl = await link.inputValue();

  // A stranger, signed out.
  const stranger = await browser.newContext({ baseURL: e2eOrigin });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(shareUrl);
  await expect(strangerPage.getByRole('heading', { name: 'Tokyo in Spring', level: 1 })).toBeVisible();
  await expect(strangerPage.getByText('Flight TP 1234 to Tokyo')).toBeVisible();
  await expect(
    strangerPage.getByText('The owner keeps booking references, traveller names and prices private on this link.'),
  ).toBeVisible();
  const body = strangerPage.locator('body');
  for (const secret of ['XK7P2Q', 'Maya Tanaka', '890']) await expect(body).not.toContainText(secret);
  // A plain header: the logo and Sign in, no private navigation, no Plan a Trip.
  await expect(strangerPage.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(strangerPage.getByRole('link', { name: 'Plan a Trip' })).toHaveCount(0);
  await expect(strangerPage.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(strangerPage.getByRole('button', { name: 'Open menu' })).toHaveCount(0);

  // The owner shows the booking reference: the same link now has it, and nothing else.
  await dialog.getByRole('checkbox', { name: /Show booking references/ }).check();
  await expect(dialog.getByText(/with booking references\./)).toBeVisible();
  await strangerPage.reload();
  await expect(strangerPage.getByText(/Confirmation: XK7P2Q/)).toBeVisible();
  await expect(body).not.toContainText('Maya Tanaka');
  await expect(body).not.toContainText('890');
  await stranger.close();
});
