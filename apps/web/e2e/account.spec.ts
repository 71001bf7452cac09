import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { Secret, TOTP } from 'otpauth';
import { linkIn } from '@naav/server/mail-testing';
import { e2eOrigin, mailedLink, newTravellerPassword, signUpNewTraveller, viewports, waitForMail } from './support';

// Accounts in a real browser, with the app sending real mail to the test SMTP server
// (e2e/mail-sink.ts) and codes computed as an authenticator app computes them.

const freshEmail = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@naav.example`;

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const banner = (page: Page) => page.getByRole('region', { name: 'Confirm your e-mail address' });

// Several sign-ins, each hashing a password on purpose, and mail on the way: room on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('sign up, the mail arrives, its link confirms the address and signs in; a traveller who signs in first sees the banner until then, and Resend mails a new link', async ({
  page,
}) => {
  await page.setViewportSize(viewports.phone);
  const email = freshEmail('verify');
  await page.goto('/sign-up');
  await page.getByLabel('Name').fill('Vera Verify');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('password1234');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('This password is one of the most common ones: choose another');
  await page.getByLabel('Password').fill(newTravellerPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`We sent a message to ${email}.`)).toBeVisible();
  await waitForMail(email, /Confirm your e-mail address for Naav/);

  // Signing in with the password before opening the link: the app asks to confirm.
  await signInWithPassword(page, email, newTravellerPassword);
  await expect(page).toHaveURL('/');
  await expect(banner(page)).toContainText(`We sent a link to ${email}`);
  await banner(page).getByRole('button', { name: 'Resend link' }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
  const latest = await waitForMail(email, /Confirm your e-mail address/, 2);

  await page.goto(linkIn(latest, e2eOrigin));
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('forgot password: the mail arrives, its link opens the reset page, and the new password signs in (the old one no longer does)', async ({
  page,
}) => {
  const email = await signUpNewTraveller(page, 'Fran Forgetful');
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  // The address changes before the new screen is drawn: until then the sign-in form, with its own Email field, is on screen.
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  await page.goto(await mailedLink(email, /Reset your Naav password/));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = 'ferry-across-the-tagus';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('New password again').fill('not-the-same-password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same');
  await page.getByLabel('New password again').fill(newPassword);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible();

  await signInWithPassword(page, email, newTravellerPassword);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signInWithPassword(page, email, newPassword);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: /Account menu for Fran Forgetful/ })).toBeVisible();
});

test('two-factor sign-in: set up from the account menu with the QR code’s key, recovery codes shown once, then sign-in asks for the code', async ({
  page,
}) => {
  const email = await signUpNewTraveller(page, 'Tobi Twofactor');
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await dialog.getByLabel('Password').fill(newTravellerPassword);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const scan = page.getByRole('dialog', { name: 'Scan the QR code' });
  await expect(scan.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const key = (await scan.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
  const app = new TOTP({ issuer: 'Naav', secret: Secret.fromBase32(key), digits: 6, period: 30 });
  await scan.getByLabel('Code from the app').fill('000000' === app.generate() ? '111111' : '000000');
  await scan.getByRole('button', { name: 'Turn on' }).click();
  await expect(scan.getByRole('alert')).toContainText('That code did not work');
  await scan.getByLabel('Code from the app').fill(app.generate());
  await scan.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await codes.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('naav-recovery-codes.txt');
  const recovery = (await codes.getByRole('listitem').first().textContent())!.trim();
  await codes.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();

  await page.context().clearCookies();
  await signInWithPassword(page, email, newTravellerPassword);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await page.getByLabel('Code from the app').fill(app.generate());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: /Account menu for Tobi Twofactor/ })).toBeVisible();

  // A recovery code instead, once.
  await page.context().clearCookies();
  await signInWithPassword(page, email, newTravellerPassword);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
});

test('the demo agent is asked at sign-in to turn on two-factor sign-in, and may continue for now', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue as demo agent' }).click();
  await expect(page.getByRole('heading', { name: 'Protect your clients’ data' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: /Account menu for Jordan Lee/ })).toBeVisible();
});
