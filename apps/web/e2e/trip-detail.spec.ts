import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNone, scan, type Finding } from './axe';
import sharp from 'sharp';
import { demo, e2eOrigin, signInAs, signUpNewTraveller, viewports, withoutPageData } from './support';

// The demo's Lisbon trip is only read here. Steps that change data (Save, photos, share
// links) run on a trip of a freshly signed-up traveller, so parallel tests never see them.

/** "Sunday, June 15, 2025": a day heading of the itinerary, for today where the trip is. */
const dayHeading = (timeZone: string, date = new Date()) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
/** YYYY-MM-DD in the zone. */
const isoDay = (timeZone: string, offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

/**
 * A PNG of a gradient strewn with coloured tiles (made here, not drawn in the page: far cheaper),
 * detailed enough that its 480 px thumbnail is much smaller than the photo.
 */
async function tiledPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const at = (y * width + x) * 3;
      pixels[at] = 14 + t * 235;
      pixels[at + 1] = 165 - t * 50;
      pixels[at + 2] = 233 - t * 211;
    }
  }
  for (let i = 0; i < 4000; i++) {
    const [left, top] = [(i * 131) % width, (i * 71) % height];
    for (let y = top; y < Math.min(height, top + 12); y++) {
      for (let x = left; x < Math.min(width, left + 12); x++) {
        const at = (y * width + x) * 3;
        pixels[at] = (i * 37) % 256;
        pixels[at + 1] = (i * 91) % 256;
        pixels[at + 2] = (i * 53) % 256;
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

// A real 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A new traveller with one trip under way (in UTC) and one event today; returns the trip id. */
async function travellerWithTrip(page: Page): Promise<string> {
  await signUpNewTraveller(page, 'Riley Tester');
  const headers = { origin: e2eOrigin };
  const created = await page.request.post('/api/trips', {
    headers,
    data: {
      title: 'Porto Weekend',
      destination: 'Portugal',
      location: 'Porto, Portugal',
      startDate: isoDay('UTC', -1),
      endDate: isoDay('UTC', 2),
      timeZone: 'UTC',
      accommodation: 'Torel Palace',
      description: 'Port lodges and the Ribeira.',
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id } = (await created.json()) as { id: string };
  const event = await page.request.post(`/api/trips/${id}/events`, {
    headers,
    data: { title: 'Port tasting at Graham’s', type: 'activity', date: isoDay('UTC'), startTime: '15:30' },
  });
  expect(event.ok(), await event.text()).toBeTruthy();
  return id;
}

test.describe('the demo trip', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, demo.traveller);
    await page.goto('/trips/trip-lisbon');
    await expect(page.getByRole('heading', { name: 'Lisbon & the Algarve', level: 1 })).toBeVisible();
  });

  test("the itinerary shows today's events under today's date, in 12-hour time", async ({ page }) => {
    await expect(page.getByRole('tab', { name: 'Itinerary', selected: true })).toBeVisible();
    const today = page.getByRole('region', { name: dayHeading('Europe/Lisbon') });
    await expect(today).toContainText('Today');
    const events = today.getByRole('listitem');
    await expect(events).toHaveCount(4);
    await expect(events.nth(0)).toContainText('8:00 AM');
    await expect(events.nth(0)).toContainText('Breakfast on the terrace');
    await expect(events.nth(2)).toContainText('1:15 PM');
    await expect(events.nth(2)).toContainText('Delayed');
    await expect(events.nth(3)).toContainText('8:00 PM');
    await expect(events.nth(3)).toContainText('Fado dinner at Clube de Fado');
  });

  test('the tabs switch, and Details shows the length as 7 days / 6 nights', async ({ page }) => {
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page).toHaveURL(/\?tab=details$/);
    const details = page.getByRole('tabpanel', { name: 'Details' });
    await expect(details.getByText('7 days / 6 nights')).toBeVisible();
    await expect(details.getByText('Memmo Alfama Hotel, Travessa das Merceeiras 27')).toBeVisible();

    // Arrow keys move between tabs too.
    await page.getByRole('tab', { name: 'Details' }).press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Documents', selected: true })).toBeFocused();
    await expect(page.getByText('No document problems for this trip.')).toBeVisible();

    await page.getByRole('tab', { name: 'Photos' }).click();
    await expect(page.getByRole('heading', { name: 'Photos' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Photos', selected: true })).toBeVisible();
  });

  test('the side cards, the chat button and the calendar export', async ({ page }) => {
    await expect(page.getByRole('link', { name: 'Back to My Trips' })).toHaveAttribute('href', '/my-trips');
    await expect(page.getByRole('region', { name: 'Trip Companions' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Call Concierge' })).toHaveAttribute('href', 'tel:+18005550199');
    await expect(page.getByRole('link', { name: 'Message Concierge' })).toHaveAttribute('href', '/concierge?tab=chat');
    await expect(page.getByRole('link', { name: 'Chat with your concierge' })).toHaveAttribute(
      'href',
      '/concierge?tab=chat',
    );

    const exportLink = page.getByRole('link', { name: 'Export' });
    await expect(exportLink).toHaveAttribute('download', '');
    const calendar = await page.request.get((await exportLink.getAttribute('href')) ?? '');
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await calendar.text()).toContain('Fado dinner at Clube de Fado');
  });
});

test('the trip and its itinerary arrive in one call (trips.dayPlan), not one each', async ({ page }) => {
  await signInAs(page, demo.traveller);
  // Opened from the address, the page carries the day plan's answer with it.
  const html = await (await page.request.get('/trips/trip-lisbon')).text();
  const inPage = html.match(/<script type="application\/json" id="naav-page-data">(.*?)<\/script>/s)?.[1] ?? '';
  expect(inPage).toContain('"trips.dayPlan"');
  expect(inPage).not.toMatch(/"trips\.(byId|events)"/);

  // Without it (the service worker's copy of the page), the screen asks for it in one call.
  await withoutPageData(page);
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) calls.push(...decodeURIComponent(url.pathname.slice(6)).split(','));
  });
  await page.goto('/trips/trip-lisbon');
  await expect(page.getByRole('heading', { name: 'Lisbon & the Algarve', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: dayHeading('Europe/Lisbon') }).getByRole('listitem')).toHaveCount(4);
  // (Once the page is idle, the offline copy may read the traveller's other trips ahead the same way.)
  expect(calls).toContain('trips.dayPlan');
  expect(calls.filter((path) => path === 'trips.byId' || path === 'trips.events')).toEqual([]);
});

test('a missing trip and another traveller’s trip both read Trip not found, with a link back', async ({ page }) => {
  await signInAs(page, demo.traveller);
  for (const url of ['/trips/does-not-exist', '/trips/trip-barcelona']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Trip not found', level: 1 })).toBeVisible();
    await expect(page.getByText("The trip you're looking for doesn't exist or has been removed.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to My Trips' })).toHaveAttribute('href', '/my-trips');
  }
  await page.getByRole('link', { name: 'Back to My Trips' }).click();
  await expect(page).toHaveURL('/my-trips');
});

test('Save toggles and survives a reload', async ({ page }) => {
  const id = await travellerWithTrip(page);
  await page.goto(`/trips/${id}`);
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  const saved = page.getByRole('button', { name: 'Saved' });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await saved.click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAttribute('aria-pressed', 'false');
});

test('a photo is uploaded, shown as a thumbnail, and deleted after confirming', async ({ page }) => {
  // The server decodes, re-encodes and scales a 1600×1200 image: a while on a busy machine.
  test.setTimeout(300_000);
  const id = await travellerWithTrip(page);
  await page.goto(`/trips/${id}?tab=photos`);
  await expect(page.getByText('No photos added yet.')).toBeVisible();

  await page.getByLabel('Upload photos').setInputFiles({ name: 'ribeira.png', mimeType: 'image/png', buffer: png });
  const thumbnail = page.getByRole('img', { name: 'ribeira.png' });
  await expect(thumbnail).toBeVisible();
  // The browser really decoded the image the server sent back.
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // A large photo gets a real thumbnail made by the server: a 480 px WebP, far smaller than the photo.
  const largePng = await tiledPng(1600, 1200);
  await page
    .getByLabel('Upload photos')
    .setInputFiles({ name: 'azulejos.png', mimeType: 'image/png', buffer: largePng });
  // The grid shows the scaled copy the server made, not the photo.
  const large = page.getByRole('img', { name: 'azulejos.png' });
  await expect
    .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && [img.naturalWidth, img.naturalHeight]))
    .toEqual([480, 360]);
  const thumbnailUrl = await large.getAttribute('src');
  const [thumbnailResponse, originalResponse] = await Promise.all([
    page.request.get(thumbnailUrl!),
    page.request.get(thumbnailUrl!.replace(/\/thumbnail$/, '/file')),
  ]);
  expect(thumbnailResponse.headers()['content-type']).toBe('image/webp');
  expect(originalResponse.headers()['content-type']).toBe('image/webp');
  const thumbnailBytes = (await thumbnailResponse.body()).byteLength;
  const originalBytes = (await originalResponse.body()).byteLength;
  expect(thumbnailBytes).toBeLessThan(originalBytes / 2);
  // The photo keeps its size (it is under 2560 px), re-encoded by the server: the browser decodes it.
  const originalSize = await page.evaluate(
    async (url) => {
      const bitmap = await createImageBitmap(await (await fetch(url)).blob());
      return [bitmap.width, bitmap.height];
    },
    thumbnailUrl!.replace(/\/thumbnail$/, '/file'),
  );
  expect(originalSize).toEqual([1600, 1200]);
  await page.getByRole('button', { name: 'Delete azulejos.png' }).click();
  await page.getByRole('dialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete photo' }).click();
  await expect(large).toHaveCount(0);

  // A text file named like a photo is refused, naming the problem.
  await page
    .getByLabel('Upload photos')
    .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('Only JPEG, PNG or WebP images (notes.jpg is not one)', { exact: true })).toBeVisible();
  // A JPEG's header with no image behind it does not decode on the server: refused, naming it.
  const jpegHeader = Buffer.from(
    await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 64;
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg'));
      return [...new Uint8Array(await blob.arrayBuffer())].slice(0, 78);
    }),
  );
  await page
    .getByLabel('Upload photos')
    .setInputFiles({ name: 'half.jpg', mimeType: 'image/jpeg', buffer: jpegHeader });
  await expect(page.getByText('half.jpg could not be read as an image', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete ribeira.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(thumbnail).toBeVisible();
  await page.getByRole('button', { name: 'Delete ribeira.png' }).click();
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(page.getByText('No photos added yet.')).toBeVisible();
  await expect(thumbnail).toHaveCount(0);
});

test('a share link opens the itinerary signed out until it is revoked', async ({ page, secondPage: shared }) => {
  const id = await travellerWithTrip(page);
  await page.goto(`/trips/${id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this trip' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(link).toHaveValue(new RegExp(`^${e2eOrigin}/share/[A-Za-z0-9_-]{22,}$`));
  const url = await link.inputValue();

  // Someone else, not signed in, in a browser of their own.
  await shared.goto(url);
  await expect(shared.getByRole('heading', { name: 'Porto Weekend', level: 1 })).toBeVisible();
  await expect(shared.getByText('Torel Palace')).toBeVisible();
  const today = shared.getByRole('region', { name: dayHeading('UTC') });
  await expect(today.getByRole('listitem')).toContainText('3:30 PM');
  await expect(today.getByRole('listitem')).toContainText('Port tasting at Graham’s');
  await expect(shared.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByText('Revoke this link?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();

  await shared.reload();
  await expect(shared.getByRole('heading', { name: 'This link is no longer active', level: 1 })).toBeVisible();
});

test('each tab and both dialogs pass axe (no serious or critical findings) on a phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(viewports.phone);
  const id = await travellerWithTrip(page);
  await page.goto(`/trips/${id}?tab=photos`);
  await page.getByLabel('Upload photos').setInputFiles({ name: 'ribeira.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'ribeira.png' })).toBeVisible();

  const problems: Finding[] = [];
  const check = async (where: string) => void problems.push(...(await scan(page, where)));
  for (const tab of ['Itinerary', 'Details', 'Documents', 'Photos']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0);
    await check(`${tab} tab`);
  }
  await page.getByRole('button', { name: 'Delete ribeira.png' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete photo' }),
  ).toBeVisible();
  await check('delete dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByRole('textbox', { name: 'Share link' })).toBeVisible();
  await check('share dialog');
  expectNone(problems);
});
