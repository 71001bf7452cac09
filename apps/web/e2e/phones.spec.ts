import { test as touchTest, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSidewaysScroll, guardViewports, offScreenReason, smallTapTargets } from './layout';
import { demo, signInAs, waitForScreen } from './support';

// What a traveller meets on a 360 × 740 phone: no screen scrolls sideways, every field and
// action of a list is in view, dialogs keep their main button on screen, the journal map
// zooms. (The guard, guard.spec.ts, sweeps every route; these pin each finding down.)

test.use({ viewport: guardViewports.phone });

/** Scrolls the page (only the page: never a box inside it) so the element is level with the middle of the screen. */
async function scrollPageTo(target: Locator): Promise<void> {
  await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    window.scrollBy(0, rect.top + rect.height / 2 - window.innerHeight / 2);
  });
}

/** Seen and pressable where it is once the page is scrolled to it: not cut off at the side, not hidden in a sideways-scrolling box. */
async function expectInReach(target: Locator, what: string): Promise<void> {
  await expect(target).toBeVisible();
  await scrollPageTo(target);
  expect(await offScreenReason(target), `${what} should be on screen without scrolling sideways`).toBe('');
}

async function open(page: Page, url: string): Promise<void> {
  await signInAs(page, demo.traveller);
  await page.goto(url);
  await waitForScreen(page);
}

test("the guard's tap-target check flags what is under 44 × 44 px and spares a link inside a sentence", async ({
  page,
}) => {
  await page.setContent(`<main>
    <button data-style="width: 80px; height: 36px">Small</button>
    <button data-style="width: 44px; height: 44px">Big</button>
    <button data-style="width: 20px; height: 20px" disabled>Off</button>
    <p>Read the <a href="/terms">terms</a> first.</p>
    <p><a href="/alone">Alone</a></p>
    <label><input type="checkbox"> Remember me</label>
    <label data-style="display: flex; min-height: 44px; align-items: center"><input type="checkbox"> Roomy</label>
  </main>`);
  // Styles set through the CSSOM: the app's Content-Security-Policy refuses inline style attributes.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-style]'))
      element.style.cssText = element.dataset['style'] ?? '';
  });
  const found = await smallTapTargets(page);
  expect(found).toEqual([
    expect.stringMatching(/^<button> "Small" is 80 × 36 px/),
    expect.stringMatching(/^<a> "Alone" is \d+ × \d+ px/),
    expect.stringMatching(/^<input> "" is \d+ × \d+ px/),
  ]);
});

test('My Trips fits the phone: the emergency contacts shrink with it', async ({ page }) => {
  await open(page, '/my-trips');
  const contacts = page.getByRole('region', { name: 'Emergency Contacts' });
  await expect(contacts.getByRole('link', { name: '+351 210 495 660' })).toBeVisible();
  await expectNoSidewaysScroll(page, '/my-trips');
  await expectInReach(contacts.getByRole('listitem').filter({ hasText: 'Hotel' }), 'the hotel contact');
});

for (const url of ['/availability-planner', '/travel-planner']) {
  test(`${url} fits the phone: its availability list has no label escaping sideways`, async ({ page }) => {
    await open(page, url);
    await expect(page.getByRole('button', { name: /^Delete availability / }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, url);
  });
}

test('the expense list is compact, two lines a card, with its amount, Edit and Delete in view', async ({ page }) => {
  await open(page, '/budget-tracker?trip=trip-lisbon');
  const row = page.getByRole('row', { name: /Memmo Alfama, 3 nights/ });
  await expect(row).toBeVisible();
  // Two lines: the title and the amount side by side; the date, the category, Edit and Delete (44 px) below.
  const box = async (target: Locator) => (await target.boundingBox())!;
  const [title, amount, edit, card] = await Promise.all([
    box(row.getByText('Memmo Alfama, 3 nights')),
    box(row.getByText('€687.00')),
    box(row.getByRole('button', { name: 'Edit Memmo Alfama, 3 nights' })),
    box(row),
  ]);
  expect(Math.abs(title.y - amount.y), 'the amount beside the title').toBeLessThan(4);
  expect(edit.y, 'Edit on the second line').toBeGreaterThan(title.y + title.height - 1);
  expect(card.height, 'one card no taller than two lines').toBeLessThan(2 * 44);
  await expectInReach(row.getByRole('cell').nth(3), 'the amount');
  await expectInReach(row.getByRole('button', { name: 'Edit Memmo Alfama, 3 nights' }), 'Edit');
  await expectInReach(row.getByRole('button', { name: 'Delete Memmo Alfama, 3 nights' }), 'Delete');
  await expectNoSidewaysScroll(page, 'the budget tracker');
});

test('the availability list shows every window and occasion as a card with Delete in view', async ({ page }) => {
  await open(page, '/availability-planner');
  const remove = page.getByRole('button', { name: /^Delete availability / }).first();
  await expectInReach(remove, 'Delete');
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Delete availability / }) })
    .first();
  for (const heading of ['Flexibility', 'Preferred Duration', 'Priority']) {
    await expect(row.getByText(heading, { exact: true }), `the card names its ${heading}`).toBeVisible();
  }
  await page.getByRole('tab', { name: /^Special Occasions/ }).click();
  await expectInReach(page.getByRole('button', { name: /^Delete occasion / }).first(), 'Delete on an occasion');
});

test('trip detail: all four tabs fit across, and the chat button keeps off the header card', async ({ page }) => {
  await open(page, '/trips/trip-lisbon?tab=photos');
  const tabs = page.getByRole('tablist', { name: 'Trip sections' });
  await expect(page.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
  await scrollPageTo(tabs);
  for (const name of ['Itinerary', 'Details', 'Documents', 'Photos']) {
    expect(await offScreenReason(tabs.getByRole('tab', { name })), `the ${name} tab`).toBe('');
  }
  expect(
    await tabs.evaluate((list) => list.scrollWidth - list.clientWidth),
    'the tab list has nothing to scroll to',
  ).toBeLessThanOrEqual(0);

  // While the header card is in view the chat button stays away; below it, it is there.
  const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
  const chat = page.getByRole('link', { name: 'Chat with your concierge' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(chat).toBeHidden();
  await page.getByRole('region', { name: /Concierge Support/ }).scrollIntoViewIfNeeded();
  await expect(chat).toBeVisible();
  const [chatBox, headerBox] = [await chat.boundingBox(), await header.boundingBox()];
  expect(
    chatBox && headerBox && chatBox.y < headerBox.y + headerBox.height,
    'the chat button is not on the header card',
  ).toBeFalsy();
});

for (const viewport of ['phone', 'desktop'] as const) {
  test(`trip detail keeps its place while the hero picture loads (${guardViewports[viewport].width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(guardViewports[viewport]);
    await signInAs(page, demo.traveller);
    // Hold the picture back until the page has laid out without it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/images/**', async (route) => {
      await held;
      await route.continue();
    });
    // The page preloads its picture, so its load event waits for it: do not wait for that.
    await page.goto('/trips/trip-lisbon', { waitUntil: 'domcontentloaded' });
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(header.getByRole('heading', { name: 'Lisbon & the Algarve' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Trip sections' });
    const before = { header: await header.boundingBox(), tabs: await tabs.boundingBox() };
    release();
    await expect
      .poll(() => header.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect({ header: await header.boundingBox(), tabs: await tabs.boundingBox() }).toEqual(before);
  });
}

test('the concierge shows the chat first, above the sidebar cards', async ({ page }) => {
  await open(page, '/concierge');
  const chat = page.getByRole('tabpanel', { name: 'Live Chat' });
  await expect(chat.getByRole('textbox')).toBeVisible();
  const services = page.getByRole('heading', { name: 'Our Services' });
  const [chatBox, servicesBox] = [await chat.boundingBox(), await services.boundingBox()];
  expect(chatBox?.y, 'the chat starts on the first screen').toBeLessThan(guardViewports.phone.height / 2);
  expect(
    chatBox && servicesBox && chatBox.y + chatBox.height <= servicesBox.y,
    'the whole chat comes before Our Services',
  ).toBeTruthy();
});

test('a long dialog keeps its main button on screen while its fields scroll (Add Expense, Edit Trip Details)', async ({
  page,
}) => {
  await open(page, '/budget-tracker?trip=trip-lisbon');
  await page.getByRole('button', { name: 'Add Expense' }).click();
  const expense = page.getByRole('dialog', { name: 'Add Expense' });
  expect(await offScreenReason(expense.getByRole('button', { name: 'Add Expense' })), 'Add Expense').toBe('');
  await page.keyboard.press('Escape');

  await page.goto('/my-trips');
  await page.getByRole('button', { name: 'Trip options' }).click();
  await page.getByRole('menuitem', { name: 'Edit Trip Details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Trip Details' });
  await expect(edit.getByLabel('Title')).toBeVisible();
  expect(await offScreenReason(edit.getByRole('button', { name: 'Save Changes' })), 'Save Changes').toBe('');
  // Still there with the fields scrolled to the end.
  await edit.getByLabel('Notes').scrollIntoViewIfNeeded();
  expect(
    await offScreenReason(edit.getByRole('button', { name: 'Save Changes' })),
    'Save Changes after scrolling',
  ).toBe('');
});

touchTest.describe('the journal map on a phone', () => {
  const map = (page: Page) => page.getByRole('group', { name: 'Map of your travels' });
  const rome = (page: Page) => map(page).getByRole('button', { name: 'Roman Holiday, Rome, Italy', exact: true });

  touchTest(
    'pins that would overlap share a numbered mark; zooming in parts them, zooming out joins them again',
    async ({ page }) => {
      await open(page, '/travel-journal');
      const cluster = map(page).getByRole('button', { name: /travels here: .*Roman Holiday, Rome, Italy/ });
      await expect(cluster).toBeVisible();
      await expect(cluster.locator('text')).toHaveText(/^\d+$/);
      await expect(rome(page)).toHaveCount(0);

      // After each zoom the map asks for that part's pins and is busy until they are drawn:
      // judging before then would judge the old pins.
      const settled = () => expect(map(page)).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
      // The mark zooms in until its pins come apart.
      await cluster.click();
      await expect(map(page)).toHaveAttribute('aria-busy', 'true');
      await settled();
      await expect(rome(page)).toBeVisible();
      await rome(page).click();
      await expect(
        page.getByRole('complementary', { name: 'Travel details' }).getByRole('heading', { name: 'Roman Holiday' }),
      ).toBeVisible();

      // The buttons zoom about the middle of the map, where the opened mark now is: out until the
      // pins join again, then back in until they part.
      const zoomWith = async (name: 'Zoom in' | 'Zoom out') => {
        await page.getByRole('button', { name, exact: true }).click();
        await expect(map(page)).toHaveAttribute('aria-busy', 'true');
        await settled();
      };
      for (let i = 0; i < 5 && (await rome(page).count()) > 0; i += 1) await zoomWith('Zoom out');
      await expect(rome(page)).toHaveCount(0);
      await expect(cluster).toBeVisible();
      for (let i = 0; i < 5 && (await rome(page).count()) === 0; i += 1) await zoomWith('Zoom in');
      await expect(rome(page)).toBeVisible();

      await page.getByRole('button', { name: 'Show the whole map', exact: true }).click();
      await expect(rome(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Zoom out', exact: true })).toBeDisabled();
    },
  );

  // A touch screen, so that the page takes the two fingers of the pinch as touches: a browser
  // context of its own (the reused page of e2e/fixtures.ts has no touch).
  touchTest.use({ viewport: guardViewports.phone, hasTouch: true });

  touchTest(
    'with Ctrl the wheel zooms the map, without it the wheel scrolls the page; a drag moves the map; a pinch zooms',
    async ({ page }) => {
      await open(page, '/travel-journal');
      const zoomOut = page.getByRole('button', { name: 'Zoom out', exact: true });
      const reset = page.getByRole('button', { name: 'Show the whole map', exact: true });
      await expect(map(page).getByRole('button').first()).toBeVisible();
      await map(page).scrollIntoViewIfNeeded();
      const box = (await map(page).boundingBox())!;
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(centre.x, centre.y);

      await page.keyboard.down('Control');
      await page.mouse.wheel(0, -300);
      await page.keyboard.up('Control');
      await expect(zoomOut).toBeEnabled();

      // Dragging moves the map: a pin moves with it.
      const pin = map(page).getByRole('button').first();
      const before = (await pin.boundingBox())!;
      await page.mouse.down();
      await page.mouse.move(centre.x + 40, centre.y + 10, { steps: 5 });
      await page.mouse.up();
      await expect.poll(async () => Math.round(((await pin.boundingBox())?.x ?? before.x) - before.x)).not.toBe(0);

      // Without a modifier the wheel is the page's.
      await reset.click();
      await expect(zoomOut).toBeDisabled();
      await page.mouse.move(centre.x, centre.y);
      const scrolled = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 200);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
      await expect(zoomOut).toBeDisabled();

      // Two fingers spreading apart zoom in (touch events sent through Chromium's DevTools protocol).
      await map(page).scrollIntoViewIfNeeded();
      const now = (await map(page).boundingBox())!;
      const middle = { x: now.x + now.width / 2, y: now.y + now.height / 2 };
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints:
            type === 'touchEnd'
              ? []
              : [
                  { x: middle.x - spread, y: middle.y, id: 1 },
                  { x: middle.x + spread, y: middle.y, id: 2 },
                ],
        });
      await touch('touchStart', 10);
      for (let spread = 20; spread <= 90; spread += 10) await touch('touchMove', spread);
      await touch('touchEnd', 90);
      await expect(zoomOut).toBeEnabled();
    },
  );
});
