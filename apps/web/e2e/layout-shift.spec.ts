import { expect, test, type Page } from '@playwright/test';
import { forgetStoredData } from './fixtures';
import { guardViewports, type GuardViewport } from './layout';
import { demo, signInAs, waitForScreen } from './support';

// Nothing on the main screens jumps once their data arrives: the loading state reserves the
// space of what replaces it. Each screen is loaded with every API answer held back a little,
// as on a slow network, so the page is first drawn in its loading state; the sum of the
// layout shifts the browser reports without recent input (its Cumulative Layout Shift) must
// stay below 0.1, Lighthouse's threshold for "good". A failure names what moved.

const screens = [
  '/my-trips',
  '/availability-planner',
  '/trips/trip-lisbon',
  '/interests',
  '/inspirations',
  '/travel-documents',
] as const;

/** Long enough for the browser to draw the loading state before any answer arrives. */
const apiDelayMs = 600;

type Shift = { value: number; sources: string[] };

/** Records every layout shift from the first paint on (before any script of the app runs). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node ? node.nodeName : '(gone)';
      const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${node.tagName.toLowerCase()} class="${node.getAttribute('class') ?? ''}"> "${text}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((source) => describe(source.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

for (const viewport of Object.keys(guardViewports) as GuardViewport[]) {
  test.describe(`at ${guardViewports[viewport].width} × ${guardViewports[viewport].height}`, () => {
    test.use({ viewport: guardViewports[viewport] });

    // One page loads each screen from scratch in turn (the observer starts again with each document),
    // with no offline copy of an earlier screen's answers: each is drawn first in its loading state.
    test(`${screens.join(', ')} do not shift while they load`, async ({ page }) => {
      await signInAs(page, demo.traveller);
      await page.route('**/trpc/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, apiDelayMs));
        await route.continue();
      });
      await recordShifts(page);
      for (const url of screens) {
        await forgetStoredData(page);
        await page.goto(url);
        await waitForScreen(page);
        // Images and late sections settle; a shift after this is still counted by the observer.
        await page.waitForLoadState('networkidle');
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
        const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
        const detail = shifts.map((shift) => `${shift.value.toFixed(3)}: ${shift.sources.join(' | ')}`).join('\n');
        expect.soft(cls, `layout shifts on ${url}:\n${detail}`).toBeLessThan(0.1);
      }
    });
  });
}
