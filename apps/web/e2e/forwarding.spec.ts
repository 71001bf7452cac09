import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { expect, test } from './fixtures';
import { e2eInboundPort, e2eOrigin, signUpNewTraveller } from './support';

// A real confirmation mail (the import corpus's United sample), handed to the app's SMTP listener
// by a real SMTP client, as a person's mail service forwards it.
const united = readFileSync(
  join(import.meta.dirname, '../../../packages/api/src/routers/bookings/corpus/email/united-flight-confirmation.eml'),
);
const forward = (to: string) =>
  createTransport({ host: '127.0.0.1', port: e2eInboundPort, secure: false, ignoreTLS: true }).sendMail({
    envelope: { from: 'fran@example.com', to: [to] },
    raw: united,
  });

test('a confirmation forwarded to the private address lands in the trip its dates fall in, and the bell says so; a regenerated address refuses mail to the old one', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUpNewTraveller(page, 'Fran Forwarder');
  const created = await page.request.post('/api/trips', {
    headers: { origin: e2eOrigin },
    data: {
      title: 'New York in March',
      destination: 'New York',
      location: 'New York, USA',
      startDate: '2027-03-03',
      endDate: '2027-03-09',
      timeZone: 'America/New_York',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const tripId = ((await created.json()) as { id: string }).id;

  await page.goto(`/trips/${tripId}`);
  await page.getByRole('button', { name: 'Import booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import booking' });
  const field = dialog.getByLabel('Your private forwarding address');
  await expect(field).toHaveValue(/^trips\+[a-z2-7]{20}@in\.naav\.example$/);
  const address = await field.inputValue();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await dialog.getByRole('heading', { name: 'Or forward your confirmations' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`forwarding-address-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Forwarded: the bell counts it without a reload, and its notice opens the trip.
  const accepted = await forward(address);
  expect(accepted.accepted).toEqual([address]);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
  await bell.click();
  const notice = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: /added to New York in March/ });
  await expect(notice).toContainText(/1 booking from United/);
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/trips/${tripId}`));
  const march4 = page.getByRole('region', { name: 'Thursday, March 4, 2027' });
  await expect(march4).toContainText('Flight UA110 · SFO → JFK');
  await expect(march4).toContainText('8:15 PM San Francisco');

  // The same mail again adds nothing.
  await forward(address);
  const events = async () =>
    ((await (await page.request.get(`/api/trips/${tripId}/events`)).json()) as { title: string }[]).map((e) => e.title);
  await expect.poll(events).toEqual(['Flight UA110 · SFO → JFK']);

  // Regenerate, after a confirmation: the old address is refused at once.
  await page.getByRole('button', { name: 'Import booking' }).click();
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Regenerate the forwarding address?' });
  await confirm.getByRole('button', { name: 'Regenerate' }).click();
  await expect(confirm).toBeHidden();
  await expect(field).not.toHaveValue(address);
  await expect(field).toHaveValue(/^trips\+[a-z2-7]{20}@in\.naav\.example$/);
  await expect(forward(address)).rejects.toMatchObject({ responseCode: 550 });
});
