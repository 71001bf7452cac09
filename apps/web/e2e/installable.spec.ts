import { expect, test } from '@playwright/test';

// Installing needs the service worker, which the other specs block. The headless shell the other
// specs run in never checks installability (it answers "no errors" even without a manifest), so
// this spec runs the full browser in its new headless mode, which runs Chrome's own check.
test.use({
  serviceWorkers: 'allow',
  launchOptions: {
    executablePath: process.env['CHROMIUM_FULL_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  },
});

interface Manifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
}

test('Chromium finds the app installable: a complete manifest and a service worker in control', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Installability asks for a page the service worker controls: after it is ready, a reload.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(new URL(href!, page.url()).toString());
  expect(response.ok()).toBeTruthy();
  const manifest = (await response.json()) as Manifest;
  expect(manifest.name).toBe('Naav');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icons = manifest.icons ?? [];
  expect(icons.some((icon) => icon.sizes === '192x192' && icon.type === 'image/png')).toBe(true);
  expect(icons.some((icon) => icon.sizes === '512x512' && icon.type === 'image/png')).toBe(true);
  expect(icons.some((icon) => icon.sizes === '512x512' && (icon.purpose ?? '').split(' ').includes('maskable'))).toBe(
    true,
  );
  for (const icon of icons)
    expect((await page.request.get(new URL(icon.src, page.url()).toString())).ok(), icon.src).toBeTruthy();

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
  };
  // "in-incognito" is the test's own browser context (a fresh, non-persistent profile), not the app.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
});
