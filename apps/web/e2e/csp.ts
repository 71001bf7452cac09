import type { Page } from '@playwright/test';

// Content-Security-Policy violations a page raises, shared by the security spec and the guard
// (which watches for them on every screen it visits, so the screens are loaded once for both).

/** The pages that already record the events: a reused page (e2e/fixtures.ts) gets the script once. */
const recording = new WeakSet<Page>();

/** Starts collecting CSP violations: the page's securitypolicyviolation events and the console's CSP errors. Call before the first navigation. */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  if (recording.has(page)) return collect;
  recording.add(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return collect;

  async function collect(): Promise<string[]> {
    const events = await page
      .evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])
      .catch(() => []);
    return [...events, ...consoleErrors];
  }
}
