import { expect, test } from './fixtures';
import { browserContextDefaults, e2eOrigin, e2ePort, mailedLink, newTravellerPassword } from './support';

// WebAuthn takes no IP address as the site: these pages open the app at localhost (the relying
// party the server derives from its 127.0.0.1 address), which it trusts as its own origin.
const origin = `http://localhost:${e2ePort}`;

test('a traveller adds a passkey, signs out, signs in with it, then renames and deletes it', async ({ browser }) => {
  const context = await browser.newContext({ ...browserContextDefaults, baseURL: origin });
  const page = await context.newPage();
  // Chromium's virtual authenticator stands for the device's fingerprint reader.
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

  // A new traveller, signed in by the link in their verification message.
  const email = `passkey-${Date.now()}@naav.example`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Kim Passkey', email, password: newTravellerPassword, callbackURL: '/email-verified' },
    headers: { origin },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  const link = (await mailedLink(email, /Confirm your e-mail/)).replace(e2eOrigin, origin);
  expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBe(302);

  await page.goto('/');
  const avatar = page.getByRole('button', { name: /Account menu for Kim Passkey/ });
  await avatar.click();
  await page.getByRole('menuitem', { name: 'Passkeys' }).click();
  const panel = page.getByRole('dialog', { name: 'Passkeys' });
  await expect(panel.getByText('No passkeys yet')).toBeVisible();
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a passkey' });
  await adding.getByLabel('Name').fill('Travel laptop');
  await adding.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Passkeys' }).getByText('Travel laptop')).toBeVisible();
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
