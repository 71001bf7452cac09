import { expect, test } from './fixtures';
import { demo, signInAs, waitForScreen } from './support';

// How the app answers: toasts over dialogs, focus rings, the moment after signing in.

test('a toast shown while a dialog is open can be read and closed, and the dialog stays', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/travel-documents');
  await waitForScreen(page);
  await page.getByRole('button', { name: 'Add Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Document' });
  await dialog.getByRole('button', { name: 'Add Document' }).click();

  // Found by its role: it is in the accessibility tree, not hidden with the page behind the dialog.
  const toast = page.getByRole('alert').filter({ hasText: 'Validation Error' });
  await expect(toast).toContainText('Please fill in all required fields.');
  // The pointer resting on it keeps it open while it is read (inert, it could not be pointed at).
  await toast.hover();
  expect(await toast.evaluate((element) => element.closest('[inert], [aria-hidden="true"]') === null)).toBe(true);
  // F8 reaches it too.
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /^Notifications/ })).toBeFocused();

  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
  await expect(dialog.getByLabel('Document Name')).toBeVisible();
});

test('a tab shows its focus ring for the keyboard, not after a click', async ({ page }) => {
  await signInAs(page, demo.traveller);
  await page.goto('/trips/trip-lisbon');
  await waitForScreen(page);
  const outline = (name: string) =>
    page.getByRole('tab', { name }).evaluate((tab) => {
      const style = getComputedStyle(tab);
      return style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`;
    });

  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByRole('tab', { name: 'Details' })).toBeFocused();
  expect(await outline('Details')).toBe('none');

  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Documents' })).toBeFocused();
  expect(await outline('Documents')).toBe('solid 2px');
});

test('signing in stays busy on the sign-in screen until the app replaces it, with no empty form inside the app', async ({
  page,
}) => {
  // The app's first answer after signing in comes late, as on a slow connection.
  await page.route('**/trpc/**', async (route) => {
    if (route.request().url().includes('me.get')) await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(demo.traveller);
  await page.getByLabel('Password').fill(demo.password);

  // Every state the page passes through, as React commits it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const record = () => {
      const form = [...document.querySelectorAll('form')].find((f) => f.querySelector('input[type="password"]'));
      const button = form?.querySelector('button[type="submit"]');
      const inApp = document.querySelector('header a[href="/"]') !== null && document.querySelector('nav') !== null;
      const state = form
        ? `${inApp ? 'app+' : ''}form(${(form.querySelector('input[type="email"]') as HTMLInputElement | null)?.value ? 'filled' : 'empty'}, ${button?.textContent})`
        : inApp
          ? 'app'
          : 'other';
      if (seen.at(-1) !== state) seen.push(state);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    record();
  });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(seen[0]).toBe('form(filled, Sign in)');
  // From the click on, the filled form reads "Signing in…" until the app replaces it.
  const withForm = seen.slice(1).filter((state) => state.includes('form'));
  expect(withForm.length).toBeGreaterThan(0);
  expect(
    withForm.filter((state) => state !== 'form(filled, Signing in…)'),
    'every state showing the form after the click',
  ).toEqual([]);
  expect(
    seen.filter((state) => state.startsWith('app+form')),
    'the sign-in form never shows inside the app',
  ).toEqual([]);
  expect(seen.at(-1)).toBe('app');
});
