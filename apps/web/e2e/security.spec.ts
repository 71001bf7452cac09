import { createServer, type Server } from 'node:http';
import { expect, test } from './fixtures';
import { watchCsp } from './csp';
import { demo, e2eOrigin, openInApp, signInAs, waitForScreen } from './support';

// Every screen under the server's Content-Security-Policy, and the cross-site form post
// the policy on state-changing requests is there for, in a real browser.

test.describe('the Content-Security-Policy', () => {
  // Every screen of the route table, as the traveller, the agent and signed out, is watched by the
  // guard (guard.spec.ts) as it checks each one; here the states it does not open.
  test('the traveller’s dialogs, charts and map raise no violation', async ({ page }) => {
    test.setTimeout(120_000);
    const violations = await watchCsp(page);
    await signInAs(page, demo.traveller);

    // The journal's map.
    const res = await page.goto('/travel-journal');
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await waitForScreen(page);
    await page.getByRole('button', { name: 'Map View' }).click();
    await expect(page.getByRole('group', { name: 'Map of your travels' })).toBeVisible();

    // The budget tracker's charts.
    await openInApp(page, '/budget-tracker');
    await waitForScreen(page);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();

    // Trip detail's tabs (photos, documents) and its dialogs.
    await openInApp(page, '/trips/trip-lisbon');
    await waitForScreen(page);
    for (const tab of ['Details', 'Documents', 'Photos', 'Itinerary'])
      await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('button', { name: 'Share' }).click();
    // The dialog offers Create link, or the live link when another test has already made one.
    const shareDialog = page.getByRole('dialog', { name: 'Share this trip' });
    await expect(
      shareDialog.getByRole('button', { name: 'Create link' }).or(shareDialog.getByLabel('Share link')),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shareDialog).toBeHidden();

    // The public share page, signed out, and the API reference.
    const created = await page.request.post('/api/trips/trip-lisbon/share', { headers: { origin: e2eOrigin } });
    const { sharePath } = (await created.json()) as { sharePath: string };
    await page.goto(sharePath);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { level: 1, name: /Naav API/ })).toBeVisible();
    // The reference page's own styles applied (served as a file, not inline).
    expect(await page.evaluate(() => getComputedStyle(document.body).maxWidth)).toBe('960px');

    expect(await violations()).toEqual([]);
  });

  test('an image from another host is not loaded (the policy would block it)', async ({ page }) => {
    const violations = await watchCsp(page);
    await signInAs(page, demo.traveller);
    await page.goto('/');
    await waitForScreen(page);
    // What the policy does to a picture an older database still points outside: blocked and reported.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'http://192.0.2.1/pixel.png';
      document.body.append(img);
    });
    await expect
      .poll(violations)
      .toEqual(expect.arrayContaining([expect.stringMatching(/^img-src blocked http:\/\/192\.0\.2\.1\/pixel\.png/)]));
  });
});

test.describe('a page of another site (another port of this host)', () => {
  let attacker: Server;
  let attackerOrigin = '';

  test.beforeAll(async () => {
    // The attack page: forms that post to a tRPC mutation and the REST API as soon as they load.
    attacker = createServer((req, res) => {
      const target =
        req.url === '/concierge'
          ? `${e2eOrigin}/trpc/concierge.createRequest`
          : `${e2eOrigin}/trpc/interests.saveFoodPreferences`;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>Win a trip</title>
<form id="f" method="post" enctype="multipart/form-data" action="${target}"><input name="allergies" value=""></form>
<script>document.getElementById('f').submit()</script>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const address = attacker.address();
    attackerOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

  test('cannot wipe a traveller’s allergies or file concierge requests with a posted form', async ({ page }) => {
    await signInAs(page, demo.traveller);
    const before = await (await page.request.get('/api/profile/food-preferences')).json();
    const requestsBefore = await (await page.request.get('/api/concierge/requests')).json();
    expect((before as { allergies: string | null }).allergies).toBeTruthy();

    for (const path of ['/', '/concierge']) {
      const answer = page.waitForResponse((res) => res.url().startsWith(`${e2eOrigin}/trpc/`));
      await page.goto(`${attackerOrigin}${path}`);
      const res = await answer;
      expect(res.status()).toBe(403);
      expect(await res.text()).toContain('Cross-site request refused');
    }

    expect(await (await page.request.get('/api/profile/food-preferences')).json()).toEqual(before);
    expect(await (await page.request.get('/api/concierge/requests')).json()).toEqual(requestsBefore);
  });
});
