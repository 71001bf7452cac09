import { expect, type Page } from '@playwright/test';

// E2E_PORT and E2E_WEB_DIST let several browser runs share a machine (each its own server and build).
export const e2ePort = Number(process.env['E2E_PORT'] ?? 4173);
export const e2eOrigin = `http://127.0.0.1:${e2ePort}`;

export const demo = {
  traveller: 'traveller@naav.example',
  traveller2: 'traveller2@naav.example',
  agent: 'agent@naav.example',
  password: 'naav-demo',
} as const;

/** Signs in through the auth API; the session cookie lands in the page's browser context. */
export async function signInAs(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demo.password },
    headers: { origin: e2eOrigin },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}
