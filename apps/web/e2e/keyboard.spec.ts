import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demo, openAccountMenuByKeyboard, signInAs, viewports, waitForScreen, type ViewportName } from './support';

// Keyboard use of the shell and the home page: every control is reached with Tab and
// shows where focus is; the skip link, the avatar menu and the slide-out menu work
// without a mouse.

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

type FocusStyle = { outlineStyle: string; outlineWidth: string; outlineColor: string; boxShadow: string };
type Control = { index: number; label: string; style: FocusStyle };

/**
 * Numbers the visible focusable controls of the skip link, header, main and footer (in
 * document order, which is the intended Tab order) and records how each looks unfocused.
 */
async function markControls(page: Page): Promise<Control[]> {
  return page.evaluate((selector) => {
    const roots = [document.querySelector('a[href="#main"]'), ...document.querySelectorAll('header, main, footer')];
    const controls: { index: number; label: string; style: FocusStyle }[] = [];
    for (const root of roots) {
      if (!root) continue;
      const candidates = [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)];
      for (const element of candidates) {
        const isSkipLink = element.getAttribute('href') === '#main';
        const box = element.getBoundingClientRect();
        // The skip link is visually hidden until focused; everything else must be on screen.
        const visible = element.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0;
        if (!visible && !isSkipLink) continue;
        const style = getComputedStyle(element);
        const index = controls.length;
        element.setAttribute('data-kb-index', String(index));
        controls.push({
          index,
          label: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
          style: {
            outlineStyle: style.outlineStyle,
            outlineWidth: style.outlineWidth,
            outlineColor: style.outlineColor,
            boxShadow: style.boxShadow,
          },
        });
      }
    }
    return controls;
  }, focusableSelector);
}

type Stop = { index: number | null; label: string; style: FocusStyle };

async function activeStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const index = element.getAttribute('data-kb-index');
    return {
      index: index === null ? null : Number(index),
      label: `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      style: {
        outlineStyle: style.outlineStyle,
        outlineWidth: style.outlineWidth,
        outlineColor: style.outlineColor,
        boxShadow: style.boxShadow,
      },
    };
  });
}

/** Presses Tab from the top of the page until focus leaves it or comes round again, collecting each stop. */
async function walkWithTab(page: Page, limit: number): Promise<Stop[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: Stop[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await activeStop(page);
    // Past the last control focus leaves the page, or wraps to the first one.
    if (!stop || (stop.index !== null && stops.some((s) => s.index === stop.index))) break;
    stops.push(stop);
  }
  return stops;
}

const hasIndicator = (s: FocusStyle) =>
  (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
const differs = (a: FocusStyle, b: FocusStyle) =>
  a.outlineStyle !== b.outlineStyle ||
  a.outlineWidth !== b.outlineWidth ||
  a.outlineColor !== b.outlineColor ||
  a.boxShadow !== b.boxShadow;

for (const viewport of Object.keys(viewports) as ViewportName[]) {
  test.describe(`at ${viewport} width`, () => {
    test.use({ viewport: viewports[viewport] });

    test('Tab reaches every control of the home page in order, each with a visible focus indicator', async ({
      page,
    }) => {
      await signInAs(page, demo.traveller);
      await page.goto('/');
      await waitForScreen(page);
      const controls = await markControls(page);
      expect(controls.length).toBeGreaterThan(10);

      const stops = await walkWithTab(page, controls.length + 10);
      expect(stops[0]?.label, 'the first Tab stop').toBe('a "Skip to content"');
      // Nothing outside the marked controls takes focus, and nothing is reached twice.
      expect(
        stops.filter((s) => s.index === null).map((s) => s.label),
        'unexpected Tab stops',
      ).toEqual([]);
      // Every control is reached, in document order (no positive tabindex reshuffles it).
      expect(stops.map((s) => controls[s.index ?? -1]?.label)).toEqual(controls.map((c) => c.label));

      const invisible = stops
        .filter((stop) => {
          const before = controls[stop.index ?? -1]?.style;
          return !before || !hasIndicator(stop.style) || !differs(stop.style, before);
        })
        .map((stop) => `${stop.label}: ${JSON.stringify(stop.style)}`);
      expect(invisible, 'controls without a visible focus indicator').toEqual([]);
    });
  });
}

test.describe('skip link and menus', () => {
  // The phone walk above also starts at the skip link; moving focus is the same at any width.
  test('the skip link is the first Tab stop and moves focus to the main content', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await signInAs(page, demo.traveller);
    await page.goto('/');
    await waitForScreen(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    // It shows while focused (it is visually hidden otherwise).
    const box = await skip.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL('/');
    // The next Tab stop is the first control of the main content, past the header.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Start Planning' })).toBeFocused();
  });

  test('the avatar menu opens with Enter, its items follow the arrow keys, Escape closes it', async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await signInAs(page, demo.traveller);
    const { avatar, menu } = await openAccountMenuByKeyboard(page);
    await expect(avatar).toHaveAttribute('aria-expanded', 'true');
    // Focus stays on the menu; the active item is its aria-activedescendant.
    await expect(menu).toBeFocused();
    const items = menu.getByRole('menuitem');
    const ids = await items.evaluateAll((elements) => elements.map((e) => e.id));
    expect(ids.length).toBeGreaterThan(0);
    await expect(menu).toHaveAttribute('aria-activedescendant', ids[0]!);

    const reached = new Set<string>();
    for (const key of ['ArrowDown', 'ArrowUp']) {
      for (let i = 0; i < ids.length; i += 1) {
        const active = await menu.getAttribute('aria-activedescendant');
        expect(active).not.toBeNull();
        reached.add(active!);
        // The active item stands out by more than a tint: it has an outline.
        const outline = await page.locator(`[id="${active}"]`).evaluate((e) => getComputedStyle(e).outlineStyle);
        expect(outline).not.toBe('none');
        await page.keyboard.press(key);
      }
    }
    expect([...reached].sort()).toEqual([...ids].sort());
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(avatar).toBeFocused();
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  });

  test('at 390 px the slide-out menu opens from the keyboard, keeps focus inside, and Escape closes it', async ({
    page,
  }) => {
    await page.setViewportSize(viewports.phone);
    await signInAs(page, demo.traveller);
    await page.goto('/');
    await waitForScreen(page);
    // By CSS: while the dialog is open the page behind it is inert, out of the accessibility tree.
    const opener = page.locator('header button[aria-label="Open menu"]');
    // Reach the button with Tab: skip link, logo, avatar, menu button.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      if (await opener.evaluate((e) => e === document.activeElement)) break;
    }
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(opener).toHaveAttribute('aria-expanded', 'true');

    const insideDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open], [role="dialog"]')));
    expect(await insideDialog()).toBe(true);
    const count = await dialog.locator('a[href], button').count();
    const visited = new Set<string>();
    for (let i = 0; i < count + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await insideDialog(), `focus after Tab #${i + 1}`).toBe(true);
      visited.add(
        await page.evaluate(
          () => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute('aria-label') || '',
        ),
      );
    }
    // Tab cycles through every control of the panel and wraps around.
    expect(visited.size).toBe(count);
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await insideDialog(), `focus after Shift+Tab #${i + 1}`).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
  });
});
