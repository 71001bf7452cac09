import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkIn, parseMail, type ReceivedMail } from '@naav/server/mail-testing';
import { devices, expect, request, type Cookie, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { e2eDatabaseFile, e2eIdpPort, e2eInboundPort, e2eMailPort, e2ePort } from './port';

// Each run has its own server on its own port (E2E_PORT, or a free one); E2E_WEB_DIST picks another build.
export { e2eDatabaseFile, e2eIdpPort, e2eInboundPort, e2eMailPort, e2ePort };

/** What every app server of the browser tests is started with (each adds its own PORT and DATA_DIR). */
export const e2eServerEnv = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'e2e-only-secret-0123456789abcdef0123456789',
  DATABASE_URL: `file:${e2eDatabaseFile}`,
  SMTP_URL: `smtp://127.0.0.1:${e2eMailPort}`,
  MAIL_FROM: 'Naav <no-reply@naav.example>',
  HOST: '127.0.0.1',
  LOG_REQUESTS: 'false',
  AUTH_RATE_LIMIT: 'false',
  // Notification mail goes out within a second or two, not the production default of 15 s.
  NOTIFICATION_RUN_MS: '500',
  BACKUP_INTERVAL: 'off',
  WEB_DIST: resolve(process.env['E2E_WEB_DIST'] ?? 'dist'),
};
export const e2eOrigin = `http://127.0.0.1:${e2ePort}`;

/**
 * The agency's single sign-on in the browser tests: a real OpenID provider (e2e/oidc-idp.ts) whose
 * sign-in page takes any address; the main server trusts it for agency.example, making agents.
 */
export const e2eSso = {
  issuer: `http://127.0.0.1:${e2eIdpPort}`,
  clientId: 'naav-e2e',
  clientSecret: 'naav-e2e-client-secret-0123456789',
  name: 'Wanderlust Travel',
  domain: 'agency.example',
} as const;

const { defaultBrowserType: _, ...desktopChrome } = devices['Desktop Chrome'];

/**
 * The browser context every test starts with: playwright.config.ts's `use`, and the page
 * e2e/fixtures.ts reuses. The app's service worker would answer requests that page.route() and
 * the request counts of other specs expect to see (e2e/offline.spec.ts allows it); pulsing
 * skeletons and transitions cost CPU in a GPU-less headless browser, and a colour still fading
 * in is what axe would read (the reduced-motion styles show the same content).
 */
export const browserContextDefaults = {
  ...desktopChrome,
  baseURL: e2eOrigin,
  serviceWorkers: 'block',
  reducedMotion: 'reduce',
} as const;
/** The SMTP server the app sends to during browser tests (e2e/mail-sink.ts), and where it files each message. */
export const e2eMailbox = join(tmpdir(), `naav-e2e-mail-${e2ePort}`);

const parsed = new Map<string, ReceivedMail>();

/** The newest message to `to` whose subject matches, waiting until `atLeast` such messages have arrived at the test SMTP server. */
export async function waitForMail(to: string, subject: RegExp, atLeast = 1): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const name of (await readdir(e2eMailbox)).sort()) {
          if (!parsed.has(name)) parsed.set(name, await parseMail(await readFile(join(e2eMailbox, name))));
        }
        const matching = [...parsed.values()].filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
        found = matching.at(-1);
        return matching.length >= atLeast;
      },
      // Generous: the whole test command shares two cores, and a mail goes out after its request answers.
      { message: `${atLeast} message(s) to ${to} matching ${subject}`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The link of the newest message to `to` whose subject matches. */
export const mailedLink = async (to: string, subject: RegExp, prefix = e2eOrigin) =>
  linkIn(await waitForMail(to, subject), prefix);

export const demo = {
  traveller: 'traveller@naav.example',
  traveller2: 'traveller2@naav.example',
  agent: 'agent@naav.example',
  password: 'naav-demo',
} as const;

/** Starts a session of its own through the auth API; its cookies land in the page's browser context. */
export async function startSession(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demo.password },
    headers: { origin: e2eOrigin },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Each demo user's session cookies, signed in once per test worker. */
const sessions = new Map<string, Cookie[]>();

/**
 * Signs the page in as a demo user: the worker's one session for that user (signed in through
 * the auth API the first time), whose cookies are put into the page's browser context. Signing in
 * once instead of in every test spares the server a password hash per test. A test that ends its
 * session (signs out, revokes it) calls startSession instead, so it ends only its own.
 */
export async function signInAs(page: Page, email: string): Promise<void> {
  const context = page.context();
  let cookies = sessions.get(email);
  if (!cookies) {
    // A context of its own, so the cookies taken are this user's only, whatever the page holds.
    const signIn = await request.newContext({ baseURL: e2eOrigin });
    const response = await signIn.post('/api/auth/sign-in/email', {
      data: { email, password: demo.password },
      headers: { origin: e2eOrigin },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
    cookies = (await signIn.storageState()).cookies;
    await signIn.dispose();
    sessions.set(email, cookies);
  }
  await context.addCookies(cookies);
}

/** The widths every screen is checked at: a laptop and a 390 px phone. */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type ViewportName = keyof typeof viewports;

/** Waits until the screen shows its title and no list is still loading. */
export async function waitForScreen(page: Page): Promise<void> {
  // The page's first HTML paints the screen's heading itself: the app has drawn once that paint is gone.
  await expect(page.locator('#root > .ns-page')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0);
}

/** A password new accounts in the browser tests use: long enough and on no list of common ones. */
export const newTravellerPassword = 'a-long-password';

/**
 * Creates a new traveller with no trips and no history (a fresh e-mail each call) and signs
 * them in the way a person does: by the link in the verification message, which arrives at
 * the test SMTP server. Returns their e-mail address.
 */
export async function signUpNewTraveller(page: Page, name = 'Casey Newcomer'): Promise<string> {
  const email = `new-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@naav.example`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: newTravellerPassword, callbackURL: '/email-verified' },
    headers: { origin: e2eOrigin },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  // The request shares the page's cookies: the session the link opens lands in the page.
  const verified = await page.request.get(await mailedLink(email, /Confirm your e-mail/), { maxRedirects: 0 });
  expect(verified.status(), await verified.text()).toBe(302);
  return email;
}

/**
 * Moves to another screen inside the running app, as a link would, without reloading the
 * page (much faster than page.goto for visiting many screens). Every screen sets its own
 * document title, so a new title means the new screen has rendered.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const before = await page.title();
  await page.evaluate((target) => {
    window.history.pushState(window.history.state, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
  await expect(page, `the screen at ${url} should set its own title`).not.toHaveTitle(before);
}

/** Opens the account (avatar) menu from the keyboard on the home screen: focus on the avatar, Enter. */
export async function openAccountMenuByKeyboard(page: Page) {
  await page.goto('/');
  await waitForScreen(page);
  const avatar = page.getByRole('button', { name: /Account menu/ });
  await avatar.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return { avatar, menu };
}

/**
 * Screens' pages as the server sends them to a visitor it has no answers for: without the first
 * screen's data inside (apps/server/src/routes/first-screen.ts), so the screen asks the API itself,
 * which a test can then hold back or fail.
 */
export async function withoutPageData(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /<script type="application\/json" id="naav-page-data">.*?<\/script>/s,
      '',
    );
    const { 'content-encoding': _, 'content-length': __, ...headers } = response.headers();
    await route.fulfill({ response, body, headers });
  });
}
