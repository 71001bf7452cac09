/**
 * The server's auth endpoints (better-auth under /api/auth): the session is an HTTP-only
 * cookie, so nothing here stores a token.
 */

import { maxPasswordLength, minPasswordLength } from '@naav/schemas/password';

/** How long a new password must be at least, and may be at most (the server checks the same). */
export { maxPasswordLength, minPasswordLength };

/** Where the links in verification and reset messages lead in this app. */
const verifiedPage = '/email-verified';
const resetPage = '/reset-password';

/** Friendlier words for the codes people meet; anything else shows the server's own message. */
const messages: Record<string, string> = {
  PASSWORD_TOO_SHORT: `Use at least ${minPasswordLength} characters`,
  PASSWORD_TOO_LONG: `Use at most ${maxPasswordLength} characters`,
  PASSWORD_TOO_COMMON: 'This password is one of the most common ones: choose another',
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
  INVALID_PASSWORD: 'That password is not right',
  INVALID_CODE: 'That code did not work: check your authenticator app and try again',
  INVALID_BACKUP_CODE: 'That recovery code did not work (each one works once)',
  INVALID_TWO_FACTOR_COOKIE: 'That took too long: sign in again',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes: sign in again',
  INVALID_TOKEN: 'This link has expired or was already used',
  EMAIL_NOT_VERIFIED: 'Confirm your e-mail address first (see the banner at the top)',
  SESSION_NOT_FRESH: 'For your safety, sign in again before adding a passkey',
  PASSKEY_NOT_FOUND: 'This passkey is not known here: use another one, or your password',
  AUTHENTICATION_FAILED: 'The passkey could not be checked: try again, or use your password',
  FAILED_TO_VERIFY_REGISTRATION: 'The passkey could not be added: try again',
  PASSKEY_NOT_YOURS: 'That passkey belongs to another account: use a passkey of the account you are signing in to',
  NO_PASSKEY: 'Add a passkey first (account menu, Passkeys)',
  LAST_PASSKEY_IS_SECOND_FACTOR:
    'This passkey is your second factor: turn two-factor sign-in off first, or add another passkey',
};

class AuthError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** A better-auth endpoint: POST with a JSON body, or GET without one. */
export async function post<T>(path: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const response = await fetch(
    `/api/auth/${path}`,
    method === 'GET'
      ? { credentials: 'include' }
      : {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body ?? {}),
        },
  );
  const data = (await response.json().catch(() => null)) as (T & { message?: string; code?: string }) | null;
  if (!response.ok) {
    const code = data?.code ?? null;
    throw new AuthError(
      (code && messages[code]) ?? data?.message ?? `${response.status}: ${response.statusText}`,
      code,
    );
  }
  return data as T;
}

/** What can finish a sign-in after the password: a code from the authenticator app, a passkey. */
export type SecondFactor = 'totp' | 'passkey';

/** Signs in; `twoFactor` lists the second factors the account asks for before the session starts (null: none). */
export async function signIn(email: string, password: string): Promise<{ twoFactor: SecondFactor[] | null }> {
  const answer = await post<{ twoFactorRedirect?: boolean; twoFactorMethods?: string[] }>('sign-in/email', {
    email,
    password,
  });
  // A new session replaces the one a sign-out made offline meant to end.
  rememberPendingSignOut(false);
  if (answer.twoFactorRedirect !== true) return { twoFactor: null };
  const methods = (answer.twoFactorMethods ?? []).filter((m): m is SecondFactor => m === 'totp' || m === 'passkey');
  return { twoFactor: methods.length > 0 ? methods : ['totp'] };
}

/** A field for an authenticator app's 6-digit code: a number pad on phones, one-time-code autofill, digits only. */
export const appCodeField = {
  label: 'Code from the app',
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  pattern: '[0-9]{6}',
  maxLength: 6,
  required: true,
} as const;
export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export const verifySignInCode = (code: string, kind: 'app' | 'recovery') =>
  post(kind === 'app' ? 'two-factor/verify-totp' : 'two-factor/verify-backup-code', { code: code.trim() });

/** Creates the account and mails its verification link; answers the same whether or not the address is taken. */
export const signUp = (name: string, email: string, password: string) =>
  post('sign-up/email', { name, email, password, callbackURL: verifiedPage });

export const signOut = () => post('sign-out');

/** A sign-out made without a network, which the server has not heard of yet. */
const signOutPendingKey = 'naav:sign-out-pending';

export function rememberPendingSignOut(pending: boolean) {
  try {
    if (pending) localStorage.setItem(signOutPendingKey, '1');
    else localStorage.removeItem(signOutPendingKey);
  } catch {
    // Storage turned off: nothing was saved on the device either.
  }
}

/** Sends a sign-out made offline, once there is a network; true when one was sent. */
export async function sendPendingSignOut(): Promise<boolean> {
  try {
    if (localStorage.getItem(signOutPendingKey) === null) return false;
    await signOut();
    localStorage.removeItem(signOutPendingKey);
    return true;
  } catch {
    return false;
  }
}

/** Mails a new verification link to the signed-in user's address. */
export const resendVerification = (email: string) =>
  post('send-verification-email', { email, callbackURL: verifiedPage });

/** Mails a reset link when the address has an account (the answer is the same either way). */
export const requestPasswordReset = (email: string) => post('request-password-reset', { email, redirectTo: resetPage });

export const resetPassword = (token: string, newPassword: string) => post('reset-password', { token, newPassword });

/** Starts two-factor set-up: the otpauth:// URI for the QR code and the recovery codes (shown once). */
export const startTwoFactor = (password: string) =>
  post<{ totpURI: string; backupCodes: string[] }>('two-factor/enable', { password });

/** Confirms the set-up with a code from the app; from then on sign-in asks for one. */
export const confirmTwoFactor = (code: string) => post('two-factor/verify-totp', { code: code.trim() });

export const disableTwoFactor = (password: string) => post('two-factor/disable', { password });

/** Turns two-factor sign-in on with the account's passkeys as the second factor (no authenticator app). */
export const enablePasskeyFactor = (password: string) => post('two-factor/enable-passkey', { password });
