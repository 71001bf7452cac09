import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { firstScreens } from '../src/lib/first-screen';
import { guardViewports, type GuardViewport } from './layout';
import { demo, signInAs, waitForScreen } from './support';

// A screen's page paints the screen's heading (Home: its hero) before the app's script has run,
// so a phone on a slow link shows it at once. The app then draws the same words at the same
// place and size: nothing moves or changes when it takes over.

const painted = firstScreens.filter((screen) => screen.paint && !screen.pattern.includes('$'));

type Box = { text: string; x: number; y: number; width: number; height: number };

/** The page's first heading and the paragraph beside it (the lede, or Home's line above), where their words are drawn. */
async function headingBoxes(page: Page): Promise<Box[]> {
  const heading = page.locator('main h1').first();
  await expect(heading).toBeVisible();
  return heading.evaluate((h1) => {
    const box = (element: Element | null): Box[] => {
      if (!element) return [];
      // The words' own extent (a heading's box may be as wide as its row or only as its words).
      const range = document.createRange();
      range.selectNodeContents(element);
      const { x, y, width, height } = range.getBoundingClientRect();
      // In the page's own coordinates: a screen may scroll once drawn (the planner, to this month).
      return [
        { text: (element.textContent ?? '').trim(), x: x + window.scrollX, y: y + window.scrollY, width, height },
      ];
    };
    const beside = h1.nextElementSibling?.tagName === 'P' ? h1.nextElementSibling : h1.previousElementSibling;
    return [...box(h1), ...box(beside?.tagName === 'P' ? beside : null)];
  });
}

for (const viewport of Object.keys(guardViewports) as GuardViewport[]) {
  test.describe(`at ${guardViewports[viewport].width} px`, () => {
    test.use({ viewport: guardViewports[viewport] });

    test('the page paints each screen’s heading where the screen draws it, before the app runs', async ({ page }) => {
      await signInAs(page, demo.traveller);
      for (const { pattern } of painted) {
        // The page alone: the app's scripts never arrive.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(pattern, { waitUntil: 'domcontentloaded' });
        const shell = await headingBoxes(page);
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.goto(pattern);
        await expect(page.locator('main#main h1').first()).toBeVisible();
        const app = await headingBoxes(page);
        expect(
          app.map((b) => b.text),
          pattern,
        ).toEqual(shell.map((b) => b.text));
        for (const [i, box] of app.entries()) {
          const before = shell[i];
          for (const side of ['x', 'y', 'width', 'height'] as const) {
            expect(
              Math.abs(box[side] - (before?.[side] ?? Number.NaN)),
              `${pattern}: ${box.text} ${side}`,
            ).toBeLessThan(1);
          }
        }
      }
    });
  });
}

/** Where the page's largest picture (the one it asks for first) and its headings are drawn, in the page's coordinates. */
async function pictureAndHeadings(page: Page): Promise<Box[]> {
  await expect(page.locator('main img[fetchpriority="high"]').first()).toBeVisible();
  return page.evaluate(() =>
    [...document.querySelectorAll('main img[fetchpriority="high"]'), ...document.querySelectorAll('main h1, main h2')]
      .slice(0, 3)
      .map((element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        const text = element instanceof HTMLImageElement ? new URL(element.src).pathname : element.textContent;
        return { text: (text ?? '').trim(), x: x + window.scrollX, y: y + window.scrollY, width, height };
      }),
  );
}

// A trip's page and My Trips paint the trip's picture (their largest paint) and title from the
// person's own answers, in the boxes the app then draws them in; once the app has taken over, the
// page's paint is gone and the screen has one main heading.
for (const viewport of Object.keys(guardViewports) as GuardViewport[]) {
  test.describe(`at ${guardViewports[viewport].width} px`, () => {
    test.use({ viewport: guardViewports[viewport] });

    test('the page paints the trip’s picture and title where the app draws them, before it runs', async ({ page }) => {
      await signInAs(page, demo.traveller);
      for (const path of ['/trips/trip-lisbon', '/my-trips']) {
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        const shell = await pictureAndHeadings(page);
        expect(shell[0]?.text, path).toBe('/images/lisbon.svg');
        expect(shell.map((box) => box.text)).toContain('Lisbon & the Algarve');
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await page.goto(path);
        await waitForScreen(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        // The app draws more headings further down the screen.
        const app = (await pictureAndHeadings(page)).slice(0, shell.length);
        expect(
          app.map((box) => box.text),
          path,
        ).toEqual(shell.map((box) => box.text));
        for (const [i, box] of app.entries()) {
          for (const side of ['x', 'y', 'width', 'height'] as const) {
            expect(Math.abs(box[side] - (shell[i]?.[side] ?? Number.NaN)), `${path}: ${box.text} ${side}`).toBeLessThan(
              1,
            );
          }
        }
      }
    });
  });
}

/** Where a link's words and the page's heading are drawn, in the page's coordinates. */
async function linkAndHeading(page: Page, link: string): Promise<Box[]> {
  await expect(page.locator('main h1').first()).toBeVisible();
  return page.evaluate(
    (label) =>
      [...document.querySelectorAll('main a')]
        .filter((a) => a.textContent?.trim() === label)
        .slice(0, 1)
        .concat([...document.querySelectorAll('main h1')])
        .map((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const { x, y, width, height } = range.getBoundingClientRect();
          return {
            text: (element.textContent ?? '').trim(),
            x: x + window.scrollX,
            y: y + window.scrollY,
            width,
            height,
          };
        }),
    link,
  );
}

/** The words of every block of text in view on the page's first screen, each with the area they cover. */
async function wordsInView(page: Page): Promise<{ text: string; area: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))
      .map((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const { top, bottom, left, right } = range.getBoundingClientRect();
        // Only the part in view counts, as for the browser's largest paint.
        const height = Math.max(0, Math.min(bottom, window.innerHeight) - Math.max(top, 0));
        const width = Math.max(0, Math.min(right, window.innerWidth) - Math.max(left, 0));
        return { text: (element.textContent ?? '').trim(), area: width * height };
      })
      .filter((words) => words.area > 0)
      .sort((a, b) => b.area - a.area),
  );
}

// The budget paints its back link above the heading and a placeholder of the trip picker beside
// it; the concierge paints the lede its reader's role shows. Once the app has drawn, one heading.
// The journal's page paints its heading and lede; the words the app draws later (the map's tips,
// the empty panel's line) stay smaller, so the screen's largest paint is the page's own first one.
for (const viewport of Object.keys(guardViewports) as GuardViewport[]) {
  test.describe(`at ${guardViewports[viewport].width} px`, () => {
    test.use({ viewport: guardViewports[viewport] });

    test('the budget’s back link and heading, and the agent’s concierge lede, stay where the page painted them', async ({
      page,
    }) => {
      await signInAs(page, demo.traveller);
      const path = '/budget-tracker?trip=trip-lisbon';
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const shell = await linkAndHeading(page, 'Back to My Trips');
      expect(shell.map((box) => box.text)).toEqual(['Back to My Trips', 'Budget Tracker']);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.goto(path);
      await waitForScreen(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const app = await linkAndHeading(page, 'Back to My Trips');
      expect(app.map((box) => box.text)).toEqual(shell.map((box) => box.text));
      for (const [i, box] of app.entries()) {
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(box[side] - (shell[i]?.[side] ?? Number.NaN)), `${box.text} ${side}`).toBeLessThan(1);
        }
      }

      await page.context().clearCookies();
      await signInAs(page, demo.agent);
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/concierge', { waitUntil: 'domcontentloaded' });
      const painted = await headingBoxes(page);
      expect(painted.map((box) => box.text)).toEqual([
        'Travel Concierge',
        'Answer travellers and move their requests along.',
      ]);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.goto('/concierge');
      await waitForScreen(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const drawn = await headingBoxes(page);
      expect(drawn.map((box) => box.text)).toEqual(painted.map((box) => box.text));
      for (const [i, box] of drawn.entries()) {
        for (const side of ['x', 'y', 'width', 'height'] as const) {
          expect(Math.abs(box[side] - (painted[i]?.[side] ?? Number.NaN)), `${box.text} ${side}`).toBeLessThan(1);
        }
      }
    });

    test('the journal’s largest words in view are the ones the page paints before the app runs', async ({ page }) => {
      await signInAs(page, demo.traveller);
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/travel-journal', { waitUntil: 'domcontentloaded' });
      const painted = (await headingBoxes(page)).map((box) => box.text);
      expect(painted).toEqual(['Travel Journal', 'Where you have been, on the map and in your own words.']);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.goto('/travel-journal');
      await waitForScreen(page);
      // The map with its pins and tips, and the panel, are drawn.
      await expect(page.getByText('Drag to move around.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Select a Trip' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const largest = (await wordsInView(page))[0];
      expect(painted).toContain(largest?.text);
    });
  });
}
