import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { browserContextDefaults } from './support';

export { expect };

type Reused = { context: BrowserContext; page: Page };
type Viewport = { width: number; height: number };

/** The page events a test may listen to; their listeners end with the test. */
const testEvents = [
  'console',
  'dialog',
  'download',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
] as const;

/**
 * Deletes what the app keeps in the browser besides the session cookie (the offline copy of its
 * answers in IndexedDB, local and session storage), from a page of the same origin without the
 * app, where nothing writes to them meanwhile.
 */
export async function forgetStoredData(page: Page): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const names = (await indexedDB.databases()).map((database) => database.name ?? '');
    await Promise.all(
      names.map(
        (name) =>
          new Promise((resolve) =>
            Object.assign(indexedDB.deleteDatabase(name), { onsuccess: resolve, onerror: resolve }),
          ),
      ),
    );
  });
}

/** Puts the reused page back as a new one would be: alone, no routes, no listeners, online, at the test's viewport, nothing stored. */
async function reset({ context, page }: Reused, viewport: Viewport): Promise<void> {
  for (const other of context.pages()) if (other !== page) await other.close();
  await Promise.all([context.unrouteAll({ behavior: 'ignoreErrors' }), page.unrouteAll({ behavior: 'ignoreErrors' })]);
  for (const event of testEvents) page.removeAllListeners(event);
  await context.clearPermissions();
  await context.setOffline(false);
  await page.setViewportSize(viewport);
  await context.clearCookies();
  await forgetStoredData(page);
}

/** The worker's reused pages, each in a browser context of its own (own cookies, own storage). */
type Pool = { get(slot: number, viewport: Viewport | null): Promise<Reused> };

/**
 * `page`, `context` and `secondPage` for the tests that import this `test`: browser pages kept
 * per test worker, reused from test to test and emptied before each (see reset). A new page costs
 * Chromium a new renderer process and a cold compile of the app, about a CPU-second; a page that
 * stays open compiles the app once. After a test that fails, Playwright starts a new worker, with
 * new pages. Tests
 * that need a context of another kind (touch, a service worker, a fixed clock, an init script, a
 * user agent) import `test` from @playwright/test or open a context of their own.
 */
export const test = base.extend<{ secondPage: Page }, { reused: Pool }>({
  reused: [
    async ({ browser }, use) => {
      const slots: (Reused | undefined)[] = [];
      const drop = async (slot: number) => {
        await slots[slot]?.context.close().catch(() => undefined);
        slots[slot] = undefined;
      };
      await use({
        async get(slot, testViewport) {
          const viewport = testViewport ?? browserContextDefaults.viewport;
          const current = slots[slot];
          // A page the last test closed or crashed is replaced.
          if (
            current &&
            (await reset(current, viewport).then(
              () => true,
              () => false,
            ))
          )
            return current;
          await drop(slot);
          const context = await browser.newContext(browserContextDefaults);
          const fresh = { context, page: await context.newPage() };
          slots[slot] = fresh;
          await reset(fresh, viewport);
          return fresh;
        },
      });
      for (const slot of slots.keys()) await drop(slot);
    },
    { scope: 'worker' },
  ],
  context: async ({ reused, viewport, serviceWorkers, hasTouch, isMobile }, use) => {
    if (serviceWorkers !== browserContextDefaults.serviceWorkers || hasTouch || isMobile) {
      throw new Error(
        'This test needs a browser context of its own: import test from @playwright/test, not from e2e/fixtures.',
      );
    }
    const { context } = await reused.get(0, viewport);
    await use(context);
  },
  page: async ({ context }, use) => {
    await use(context.pages()[0]!);
  },
  /** A second person's page: its own browser context (own cookies), at the test's viewport. */
  secondPage: async ({ reused, viewport }, use) => {
    const { page } = await reused.get(1, viewport);
    await use(page);
    // Off the app until a test needs it again (which may be many tests later): no open stream, no
    // timers. A page the test closed is replaced by the next get.
    await page.goto('/api/health').catch(() => undefined);
  },
});
