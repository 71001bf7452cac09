import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { e2eOrigin, signUpNewTraveller } from './support';

// Real samples from the import corpus (packages/api/src/routers/bookings/corpus).
const corpus = join(import.meta.dirname, '../../../packages/api/src/routers/bookings/corpus');
const sample = (path: string, type: string) => ({
  name: path.split('/').pop()!,
  type,
  bytes: [...readFileSync(join(corpus, path))],
});

/** A new traveller with a spring trip in Lisbon's time zone; returns the trip id. */
async function springTrip(page: Page): Promise<string> {
  await signUpNewTraveller(page, 'Ana Importer');
  const created = await page.request.post('/api/trips', {
    headers: { origin: e2eOrigin },
    data: {
      title: 'Spring on two continents',
      destination: 'USA and Spain',
      location: 'Lisbon, Portugal',
      startDate: '2027-03-01',
      endDate: '2027-05-31',
      timeZone: 'Europe/Lisbon',
      baseCurrency: 'EUR',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return ((await created.json()) as { id: string }).id;
}

// The first file a server reads loads its airport list: on a busy machine that takes a while.
const reading = { timeout: 30_000 };

/** Drops files on the drop zone as a person dragging them from their desktop would. */
async function dropFiles(page: Page, files: { name: string; type: string; bytes: number[] }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list) transfer.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
    return transfer;
  }, files);
  await page.getByRole('group', { name: 'Drop booking files here' }).dispatchEvent('drop', { dataTransfer });
}

test('drop a confirmation e-mail and a wallet pass, edit a field, add them: the events land on their days', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tripId = await springTrip(page);
  await page.goto(`/trips/${tripId}`);
  await page.getByRole('button', { name: 'Import booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import booking' });
  await dropFiles(page, [
    sample('email/united-flight-confirmation.eml', 'message/rfc822'),
    sample('wallet/SemanticBoardingPass.pkpass', 'application/vnd.apple.pkpass'),
  ]);

  await expect(dialog.getByRole('heading', { name: '2 bookings found' })).toBeVisible(reading);
  const united = dialog.getByRole('region', { name: 'Flight UA110 · SFO → JFK' });
  // 20:15 in San Francisco stays 20:15: each time is local where it happens, not the trip's (Lisbon's 04:15).
  await expect(united.getByLabel('Departs (local time)')).toHaveValue('2027-03-04T20:15');
  await expect(united.getByLabel('Arrives (local time)')).toHaveValue('2027-03-05T06:30');
  await expect(united.getByLabel('Confirmation number')).toHaveValue('RXJ34P');
  const tap = dialog.getByRole('region', { name: 'Flight TP1372 · LIS → MAD' });
  await expect(tap).toContainText('€89.90');
  await tap.getByLabel('Title').fill('To Madrid, window seat');
  // The card is named by its title, as edited.
  await dialog
    .getByRole('region', { name: 'To Madrid, window seat' })
    .getByLabel('Add the price as an expense')
    .check();
  await dialog.getByRole('button', { name: 'Add to trip' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 events added')).toBeVisible();
  const march4 = page.getByRole('region', { name: 'Thursday, March 4, 2027' });
  await expect(march4).toContainText('Flight UA110 · SFO → JFK');
  await expect(march4).toContainText('8:15 PM San Francisco → 6:30 AM +1 John F. Kennedy · 7 h 15 m');
  const may20 = page.getByRole('region', { name: 'Thursday, May 20, 2027' });
  await expect(may20).toContainText('To Madrid, window seat');
  await expect(may20).toContainText('7:05 AM');
  const expenses = await page.request.get(`/api/trips/${tripId}/expenses`);
  expect(await expenses.json()).toEqual([
    expect.objectContaining({ title: 'To Madrid, window seat', amount: 8990, currency: 'EUR' }),
  ]);

  // Importing the same files again adds nothing, and says so.
  await page.getByRole('button', { name: 'Import booking' }).click();
  await dropFiles(page, [sample('email/united-flight-confirmation.eml', 'message/rfc822')]);
  await dialog.getByRole('button', { name: 'Add to trip' }).click();
  await expect(page.getByText('0 events added')).toBeVisible();
  await expect(page.getByText('"Flight UA110 · SFO → JFK" is already in this trip; nothing was added')).toBeVisible();
});

test('a file that is none of the kinds is listed, not hidden', async ({ page }) => {
  test.setTimeout(120_000);
  const tripId = await springTrip(page);
  await page.goto(`/trips/${tripId}`);
  await page.getByRole('button', { name: 'Import booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import booking' });
  const scan = { name: 'scan.docx', type: 'application/msword', bytes: [...Buffer.from('PK')] };
  await dropFiles(page, [scan]);
  await expect(dialog.getByRole('alert')).toContainText(
    'scan.docx is not an e-mail (.eml), web page (.html), calendar (.ics), wallet pass (.pkpass), JSON-LD (.json), PDF, image (.png, .jpg) or text file',
    reading,
  );
  await dropFiles(page, [scan, sample('schema-org/train-reservation.html', 'text/html')]);
  await expect(dialog.getByRole('status')).toContainText('Problems with your files', reading);
  await expect(dialog.getByRole('status')).toContainText('scan.docx is not an e-mail');
  // Munich at 10:30 stays 10:30 (Munich's time), years before this trip.
  const train = dialog.getByRole('region', { name: 'Train · Munich Central → Paris Gare De Lyon' });
  await expect(train).toContainText('Outside the trip’s dates (Jan 4, 2017)');
  await expect(train.getByLabel('Departs (local time)')).toHaveValue('2017-01-04T10:30');
  await dialog.getByRole('button', { name: 'Add to trip' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'is on 2017-01-04, outside the trip (2027-03-01 to 2027-05-31): leave it out or extend the trip',
  );
  await dialog.getByLabel('Extend the trip’s dates to take in every booking').check();
  await dialog.getByRole('button', { name: 'Add to trip' }).click();
  await expect(page.getByText('1 event added')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wednesday, January 4, 2017' })).toContainText(
    'Train · Munich Central → Paris Gare De Lyon',
  );
});

test('a plain-text itinerary is marked "Please check" and lands in local times; text with no booking is added by hand', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tripId = await springTrip(page);
  await page.goto(`/trips/${tripId}`);
  await page.getByRole('button', { name: 'Import booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import booking' });
  await dropFiles(page, [sample('text/travelport-itinerary.txt', 'text/plain')]);
  await expect(dialog.getByRole('heading', { name: '2 bookings found' })).toBeVisible(reading);
  const outbound = dialog.getByRole('region', { name: 'Flight UA110 · SFO → JFK' });
  await expect(outbound).toContainText('Please check: read from the text, without booking markup');
  await expect(outbound.getByLabel('Departs (local time)')).toHaveValue('2027-03-04T20:15');
  await expect(outbound.getByLabel('Arrives (local time)')).toHaveValue('2027-03-05T06:30');
  await page.screenshot({ path: test.info().outputPath('plain-text-preview.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Add to trip' }).click();
  await expect(page.getByText('2 events added')).toBeVisible();
  const march4 = page.getByRole('region', { name: 'Thursday, March 4, 2027' });
  await expect(march4).toContainText('8:15 PM San Francisco → 6:30 AM +1 John F Kennedy · 7 h 15 m');
  await expect(march4).toContainText('Travellers: Sam Rivera');

  await page.getByRole('button', { name: 'Import booking' }).click();
  await dialog.getByLabel('Or paste an e-mail or page').fill('Ferry to Tangier on Sunday at 10:00, ticket 4471');
  await dialog.getByRole('button', { name: 'Read pasted text' }).click();
  await expect(dialog.getByRole('heading', { name: 'No bookings found' })).toBeVisible(reading);
  await dialog.getByRole('button', { name: 'Add it by hand' }).click();
  const add = page.getByRole('dialog', { name: 'Add Event' });
  await expect(add.getByLabel('Description')).toHaveValue('Ferry to Tangier on Sunday at 10:00, ticket 4471');
  await page.screenshot({ path: test.info().outputPath('add-by-hand.png') });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("My Trips' Quick Tools: paste a confirmation and add it with the keyboard alone", async ({ page }) => {
    await signUpNewTraveller(page, 'Kim Keyboard');
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const created = await page.request.post('/api/trips', {
      headers: { origin: e2eOrigin },
      data: {
        title: 'Porto now',
        destination: 'Portugal',
        location: 'Porto, Portugal',
        startDate: today,
        endDate: today,
        timeZone: 'UTC',
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    await page.goto('/my-trips');
    await page.getByRole('button', { name: 'Import booking' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import booking' });
    const pasted = `<script type="application/ld+json">{"@context":"http://schema.org","@type":"FoodEstablishmentReservation","reservationNumber":"PT-778","reservationFor":{"@type":"Restaurant","name":"Cantinho do Avillez","address":"Rua Mouzinho da Silveira 166, Porto"},"startTime":"${today}T20:30:00Z"}</script>`;
    await dialog.getByLabel('Or paste an e-mail or page').focus();
    await page.keyboard.insertText(pasted);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Read pasted text' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: '1 booking found' })).toBeFocused(reading);
    const card = dialog.getByRole('region', { name: 'Cantinho do Avillez' });
    await expect(card.getByLabel('Starts (local time)')).toHaveValue(`${today}T20:30`);
    // Nothing overflows the 360 px screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Add to trip' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('1 event added')).toBeVisible();
    await expect(page.getByText('Cantinho do Avillez').first()).toBeVisible();
  });
});

test('drop a boarding-pass PDF with a PDF417 barcode and a photo of an Aztec one: the flights land on their days', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpNewTraveller(page, 'Luc Desmarais');
  const created = await page.request.post('/api/trips', {
    headers: { origin: e2eOrigin },
    data: {
      title: 'A season in the Alps',
      destination: 'Switzerland',
      location: 'Geneva, Switzerland',
      startDate: '2026-08-10',
      endDate: '2026-12-20',
      timeZone: 'Europe/Zurich',
      baseCurrency: 'CHF',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const tripId = ((await created.json()) as { id: string }).id;
  await page.goto(`/trips/${tripId}`);
  await page.getByRole('button', { name: 'Import booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import booking' });
  // Both hold the same two-leg pass (Montreal → Frankfurt → Geneva): one is the other printed and photographed.
  await dropFiles(page, [sample('barcodes/boarding-pass-pdf417.pdf', 'application/pdf')]);
  await expect(dialog.getByRole('heading', { name: '2 bookings found' })).toBeVisible(reading);
  const first = dialog.getByRole('region', { name: 'Flight AC834 · YUL → FRA' });
  await expect(first.getByLabel('Confirmation number')).toHaveValue('ABC123');
  await dialog.getByRole('button', { name: 'Add to trip' }).click();
  await expect(page.getByText('2 events added')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Friday, August 14, 2026' })).toContainText('Flight AC834 · YUL → FRA');
  await expect(page.getByRole('region', { name: 'Saturday, August 15, 2026' })).toContainText(
    'Flight LH3664 · FRA → GVA',
  );

  await page.getByRole('button', { name: 'Import booking' }).click();
  await dropFiles(page, [sample('barcodes/boarding-pass-aztec-photo.jpg', 'image/jpeg')]);
  await expect(dialog.getByRole('heading', { name: '2 bookings found' })).toBeVisible(reading);
  const second = dialog.getByRole('region', { name: 'Flight LH3664 · FRA → GVA' });
  await expect(second).toContainText('From boarding-pass-aztec-photo.jpg (barcode)');
  await expect(second.getByLabel('Confirmation number')).toHaveValue('DEF456');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath('barcode-preview-360.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('barcode-preview-1280.png') });
});
