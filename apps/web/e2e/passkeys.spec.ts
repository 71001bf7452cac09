import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { browserContextDefaults, e2eOrigin, e2ePort, mailedLink, newTravellerPassword } from './support';

// WebAuthn takes no IP address as the site: these pages open the app at localhost (the relying
// party the server derives from its 127.0.0.1 address), which it trusts as its own origin.
const origin = `http://localhost:${e2ePort}`;

/**
 * A new traveller in a browser of their own whose device has a fingerprint reader (Chromium's
 * virtual authenticator), signed in by the link in their verification message, at the home page.
 */
async function newTravellerWithAuthenticator(browser: Browser, name: string) {
  const context = await browser.newContext({ ...browserContextDefaults, baseURL: origin });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const email = `passkey-${Date.now()}@naav.example`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: newTravellerPassword, callbackURL: '/email-verified' },
    headers: { origin },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  const link = (await mailedLink(email, /Confirm your e-mail/)).replace(e2eOrigin, origin);
  expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBe(302);
  await page.goto('/');
  const avatar = page.getByRole('button', { name: new RegExp(`Account menu for ${name}`) });
  return { context, page, email, avatar };
}

/** Account menu, Passkeys, Add a passkey named `name`; the panel stays open. */
async function addPasskey(page: Page, avatar: Locator, name: string) {
  await avatar.click();
  await page.getByRole('menuitem', { name: 'Passkeys' }).click();
  const panel = page.getByRole('dialog', { name: 'Passkeys' });
  await expect(panel.getByText('No passkeys yet')).toBeVisible();
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a passkey' });
  await adding.getByLabel('Name').fill(name);
  await adding.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Passkeys' }).getByText(name)).toBeVisible();
  return panel;
}

test('a traveller adds a passkey, signs out, signs in with it, then renames and deletes it', async ({ browser }) => {
  const { context, page, avatar } = await newTravellerWithAuthenticator(browser, 'Kim Passkey');
  const panel = await addPasskey(page, avatar, 'Travel laptop');
  await panel.getByRole('button', { name: 'Close' }).first().click();

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  // No e-mail, no password: the passkey alone.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(avatar).toHaveText('KP');

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Passkeys' }).click();
  await panel.getByRole('button', { name: 'Rename Travel laptop' }).click();
  const renaming = page.getByRole('dialog', { name: 'Rename passkey' });
  await renaming.getByLabel('Name').fill('Work laptop');
  await renaming.getByRole('button', { name: 'Save' }).click();
  await panel.getByRole('button', { name: 'Delete Work laptop' }).click();
  // Asked first; keeping it changes nothing.
  const asking = page.getByRole('dialog', { name: 'Delete this passkey?' });
  await asking.getByRole('button', { name: 'Keep it' }).click();
  await panel.getByRole('button', { name: 'Delete Work laptop' }).click();
  await asking.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Passkey deleted')).toBeVisible();
  await expect(panel.getByText('No passkeys yet')).toBeVisible();
  await context.close();
});

test('a traveller makes their passkey the second factor: after the password, sign-in asks for it', async ({
  browser,
}) => {
  const { context, page, email, avatar } = await newTravellerWithAuthenticator(browser, 'Lou Second');
  const panel = await addPasskey(page, avatar, 'Phone');
  await panel.getByRole('button', { name: 'Close' }).first().click();

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await dialog.getByRole('radio', { name: /A passkey/ }).check();
  const shots = process.env['E2E_SCREENSHOTS'];
  if (shots) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${shots}/two-factor-choice-${width}.png` });
    }
  }
  await dialog.getByRole('textbox', { name: 'Password' }).fill(newTravellerPassword);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Sign-in now asks for your passkey after the password.')).toBeVisible();

  await avatar.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newTravellerPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Confirm with your passkey' })).toBeVisible();
  // Not signed in yet: the password alone opens nothing.
  expect((await page.request.get('/api/me')).status()).toBe(401);
  if (shots) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${shots}/second-factor-passkey-${width}.png`, fullPage: true });
    }
  }
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(avatar).toHaveText('LS');
  await context.close();
});
