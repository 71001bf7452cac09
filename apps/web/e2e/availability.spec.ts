import { test as touchTest, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, signInAs, signUpNewTraveller, viewports } from './support';

// Each test signs up a traveller of its own: specs run in parallel on one demo database.

const nextYear = new Date().getFullYear() + 1;
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const short = (iso: string) => `${months[Number(iso.slice(5, 7)) - 1]!.slice(0, 3)} ${Number(iso.slice(8))}`;

/** The calendar's button for a day, by the start of its accessible name ("Wednesday, June 10, 2027…"). */
function day(page: Page, iso: string): Locator {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const weekday = weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const escaped = `${weekday}, ${months[m - 1]} ${d}, ${y}`;
  return page.getByRole('button', { name: new RegExp(`^${escaped}\\b`) });
}

async function dragAcross(page: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('day not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

test('drags across days, saves the prefilled window, selects with the keyboard and deletes with confirmation', async ({
  page,
}) => {
  await signUpNewTraveller(page, 'Drew Dragger');
  await page.goto('/availability-planner');
  await expect(page).toHaveTitle(/Availability Planner/);
  await expect(page.getByRole('heading', { name: 'Travel Availability Planner', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Available Periods (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'Next year' }).click();
  await expect(page.getByRole('heading', { name: `June ${nextYear}` })).toBeVisible();

  // Dragged from the later day back to the earlier one: the earlier is the start.
  const start = `${nextYear}-06-10`;
  const end = `${nextYear}-06-14`;
  await day(page, end).scrollIntoViewIfNeeded();
  await dragAcross(page, day(page, end), day(page, start));
  const dialog = page.getByRole('dialog', { name: 'Add New' });
  await expect(dialog.getByLabel('Start Date')).toHaveValue(start);
  await expect(dialog.getByLabel('End Date')).toHaveValue(end);
  await dialog.getByLabel('Preferred Duration').selectOption('5');
  await dialog.getByRole('button', { name: 'Save Availability' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Available Periods (1)' })).toBeVisible();
  await expect(day(page, `${nextYear}-06-12`)).toHaveAccessibleName(/Available/);
  await expect(day(page, `${nextYear}-06-15`)).not.toHaveAccessibleName(/Available/);

  // The keyboard: the first day of the year is the one in the tab order. The closed dialog
  // hands focus back to where it was opened from a moment later: start once that is done.
  const first = day(page, `${nextYear}-01-01`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(async () => {
    await page.keyboard.press('Escape');
    await first.focus();
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Start Date')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(dialog.getByLabel('Start Date')).toHaveValue(`${nextYear}-01-01`);
  await expect(dialog.getByLabel('End Date')).toHaveValue(`${nextYear}-01-16`);
  await dialog.getByRole('button', { name: 'Save Availability' }).click();
  await expect(page.getByRole('tab', { name: 'Available Periods (2)' })).toBeVisible();

  // Escape cancels a keyboard selection under way: nothing opens.
  await day(page, `${nextYear}-01-01`).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `Delete availability ${short(start)} – ${short(end)}, ${nextYear}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this availability? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('tab', { name: 'Available Periods (1)' })).toBeVisible();
  await expect(day(page, `${nextYear}-06-12`)).not.toHaveAccessibleName(/Available/);
});

// A touch phone: a browser context of its own (the reused page of e2e/fixtures.ts has no touch).
touchTest.describe('on a phone', () => {
  touchTest.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  touchTest('a sideways finger drag across days opens the dialog with the range', async ({ page }) => {
    await signUpNewTraveller(page, 'Toby Touch');
    await page.goto(`/availability-planner?year=${nextYear}`);
    const from = day(page, `${nextYear}-07-07`);
    const to = day(page, `${nextYear}-07-09`);
    await to.scrollIntoViewIfNeeded();
    const a = await from.boundingBox();
    const b = await to.boundingBox();
    if (!a || !b) throw new Error('day not on screen');
    // Real touch input through the browser's own input pipeline (pointer events of type touch).
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const y = a.y + a.height / 2;
    await touch('touchStart', a.x + a.width / 2, y);
    for (let i = 1; i <= 6; i++) await touch('touchMove', a.x + a.width / 2 + ((b.x - a.x) * i) / 6, y);
    await touch('touchEnd', 0, 0);
    const dialog = page.getByRole('dialog', { name: 'Add New' });
    await expect(dialog.getByLabel('Start Date')).toHaveValue(`${nextYear}-07-07`);
    await expect(dialog.getByLabel('End Date')).toHaveValue(`${nextYear}-07-09`);
  });
});

test('a recurring occasion shows in the next year too', async ({ page }) => {
  await signUpNewTraveller(page, 'Olive Occasion');
  await page.goto('/availability-planner');
  await expect(page.getByRole('tab', { name: 'Special Occasions (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New' });
  await dialog.getByText('Special Occasion', { exact: true }).click();
  const title = `Anniversary ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  const thisYear = nextYear - 1;
  await dialog.getByLabel('Date').fill(`${thisYear}-09-20`);
  await dialog.getByLabel('Occasion Type').selectOption('anniversary');
  await dialog.getByRole('switch', { name: 'Recurring (every year)' }).check();
  await dialog.getByLabel('Participants').fill(' Alex ,  Jordan ,');
  await dialog.getByRole('button', { name: 'Save Occasion' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Special Occasions (1)' }).click();
  await expect(page.getByRole('cell', { name: 'Alex, Jordan' })).toBeVisible();
  await expect(day(page, `${thisYear}-09-20`)).toHaveAccessibleName(new RegExp(title));
  await day(page, `${thisYear}-09-20`).hover();
  await expect(page.getByRole('tooltip')).toContainText(`${title} (Anniversary)`);
  await page.getByRole('button', { name: 'Next year' }).click();
  await expect(day(page, `${nextYear}-09-20`)).toHaveAccessibleName(new RegExp(title));
});

test("a client's new window shows in the agent's Client Management; clients never see the view switch", async ({
  page,
  secondPage: agentPage,
}) => {
  const name = `Quinn Planner ${Date.now()}`;
  await signUpNewTraveller(page, name);
  await page.goto('/travel-planner');
  await expect(page.getByRole('tab', { name: 'My Availability', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Travel Proposals' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Switch to/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No Available Dates' })).toBeVisible();

  await page.getByRole('button', { name: 'Add Availability' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New' });
  await dialog.getByLabel('Start Date').fill(`${nextYear}-03-02`);
  await dialog.getByLabel('End Date').fill(`${nextYear}-03-09`);
  await dialog.getByRole('switch', { name: 'Flexible Dates' }).check();
  await expect(dialog.getByLabel('Flexibility')).toHaveValue('3');
  await dialog.getByRole('button', { name: 'Save Availability' }).click();
  await expect(page.getByRole('cell', { name: `Mar 2 – Mar 9, ${nextYear}`, exact: true })).toBeVisible();

  await signInAs(agentPage, demo.agent);
  await agentPage.goto('/travel-planner');
  await expect(agentPage.getByRole('tab', { name: 'Client Proposals', selected: true })).toBeVisible();
  await agentPage.getByRole('tab', { name: 'Client Management' }).click();
  const card = agentPage.getByRole('listitem').filter({ has: agentPage.getByRole('heading', { name, exact: true }) });
  await expect(card).toContainText(`Mar 2 – Mar 9, ${nextYear}`);
  await expect(card).toContainText('± 3 days');

  await agentPage.getByRole('button', { name: 'Switch to Client View' }).click();
  await expect(agentPage.getByRole('tab', { name: 'My Availability', selected: true })).toBeVisible();
  await agentPage.getByRole('button', { name: 'Switch to Agent View' }).click();
  await expect(agentPage.getByRole('tab', { name: 'Client Proposals', selected: true })).toBeVisible();
  await agentPage.reload();
  await expect(agentPage.getByRole('tab', { name: 'Client Proposals', selected: true })).toBeVisible();
});

// A fixed day in October: its row is the third at desktop width and the tenth month on a phone,
// below the first screen either way.
const october15 = new Date('2026-10-15T12:00:00');

for (const [width, viewport] of Object.entries(viewports)) {
  test(`the year calendars open on the current month's row at ${width} width`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.clock.setFixedTime(october15);
    await signUpNewTraveller(page, 'Octavia Opening');
    await page.goto('/availability-planner');
    await expect(page.getByRole('group', { name: 'Availability calendar 2026' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'October 2026' })).toBeInViewport();
    await expect(page.getByRole('region', { name: 'January 2026' })).not.toBeInViewport();
    // Not under the sticky header.
    const header = await page.getByRole('banner').boundingBox();
    const heading = await page.getByRole('heading', { name: 'October 2026' }).boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

    await signInAs(page, demo.agent);
    await page.goto('/travel-planner?view=agent&tab=calendar');
    await expect(page.getByRole('group', { name: "Clients' availability 2026" })).toBeVisible();
    await expect(page.getByRole('region', { name: 'October 2026' })).toBeInViewport();
    await context.close();
  });
}
