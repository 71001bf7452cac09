import { userRoles } from '@naav/db/schema';
import { retryAfterHeader } from './errors';
import type { Document } from './types';

/**
 * The paths under /api/auth that integrators use, answered by better-auth (apps/server/src/auth.ts),
 * which the generator does not see (the links in mails are left out: people, not scripts, follow them). Their errors are `AuthError` ({message, code}), throttled ones
 * 429 with Retry-After (docs/security.md has the budgets).
 */
const text = (maxLength: number) => ({ type: 'string' as const, maxLength });
const email = { type: 'string' as const, format: 'email', maxLength: 254 };
const password = { type: 'string' as const, minLength: 12, maxLength: 128 };
const code = { type: 'string' as const, pattern: '^[A-Za-z0-9-]{6,20}$' };
const ok = { type: 'object' as const, properties: { status: { type: 'boolean' as const } } };
const user = {
  type: 'object' as const,
  properties: {
    id: { type: 'string' as const },
    name: { type: 'string' as const },
    email: { type: 'string' as const },
    emailVerified: { type: 'boolean' as const },
    role: { type: 'string' as const, enum: [...userRoles] },
  },
  required: ['id', 'email'],
};

interface AuthOperation {
  method: 'get' | 'post';
  summary: string;
  description: string;
  /** Needs the session cookie (or the two-factor challenge cookie, for the verify paths). */
  signedIn?: boolean;
  body?: { properties: Record<string, object>; required: string[] };
  answer?: object;
  throttled?: boolean;
}

const operations: Record<string, AuthOperation> = {
  '/auth/sign-up/email': {
    method: 'post',
    summary: 'Sign up (always as a client)',
    description:
      'Makes a client account and mails a link that confirms the address; it signs nobody in (no cookie) and answers the same whether or not the address is taken. A new password has 12–128 characters and is not a common one.',
    body: {
      properties: { name: text(100), email, password, callbackURL: text(2048) },
      required: ['name', 'email', 'password'],
    },
    answer: { type: 'object', properties: { token: { type: 'null' }, user } },
    throttled: true,
  },
  '/auth/sign-in/email': {
    method: 'post',
    summary: 'Sign in with e-mail and password',
    description:
      'Sets the session cookie (naav.session_token, HTTP-only). With two-factor sign-in on it answers {twoFactorRedirect: true} and a ten-minute challenge cookie instead; finish with /auth/two-factor/verify-totp.',
    body: {
      properties: { email, password: text(128), rememberMe: { type: 'boolean' } },
      required: ['email', 'password'],
    },
    answer: {
      type: 'object',
      properties: {
        redirect: { type: 'boolean' },
        token: { type: 'string' },
        user,
        twoFactorRedirect: { type: 'boolean' },
      },
    },
    throttled: true,
  },
  '/auth/sign-out': {
    method: 'post',
    summary: 'Sign out this session',
    description: 'Ends the session and clears its cookie; answers Clear-Site-Data: "cache", "storage".',
    signedIn: true,
    answer: { type: 'object', properties: { success: { type: 'boolean' } } },
  },
  '/auth/get-session': {
    method: 'get',
    summary: 'The session of the cookie sent, and its user',
    description: 'Answers null when the cookie names no live session.',
    answer: {
      anyOf: [
        {
          type: 'object',
          properties: {
            session: { type: 'object', properties: { id: { type: 'string' }, expiresAt: { type: 'string' } } },
            user,
          },
        },
        { type: 'null' },
      ],
    },
  },
  '/auth/change-password': {
    method: 'post',
    summary: "Change the signed-in user's password",
    description:
      'Checks the current password (throttled like sign-in), ends every other session of the user and answers a new session cookie.',
    signedIn: true,
    body: {
      properties: { currentPassword: text(128), newPassword: password, revokeOtherSessions: { type: 'boolean' } },
      required: ['currentPassword', 'newPassword'],
    },
    answer: { type: 'object', properties: { token: { type: ['string', 'null'] }, user } },
    throttled: true,
  },
  '/auth/request-password-reset': {
    method: 'post',
    summary: 'Mail a password reset link',
    description: 'Answers the same whether or not the address has an account; the link works once, for 30 minutes.',
    body: { properties: { email, redirectTo: text(2048) }, required: ['email'] },
    answer: ok,
    throttled: true,
  },
  '/auth/reset-password': {
    method: 'post',
    summary: 'Set a new password with the token of a reset link',
    description: 'Ends every session of the account and confirms its address.',
    body: { properties: { token: text(200), newPassword: password }, required: ['token', 'newPassword'] },
    answer: ok,
  },
  '/auth/send-verification-email': {
    method: 'post',
    summary: 'Mail the address confirmation link again',
    description: 'For an account whose address is not confirmed yet.',
    body: { properties: { email, callbackURL: text(2048) }, required: ['email'] },
    answer: ok,
    throttled: true,
  },
  '/auth/two-factor/enable': {
    method: 'post',
    summary: 'Start turning two-factor sign-in on',
    description:
      'Checks the password and answers the otpauth:// URI and 10 recovery codes; it is on once /auth/two-factor/verify-totp confirms a code.',
    signedIn: true,
    body: { properties: { password: text(128) }, required: ['password'] },
    answer: {
      type: 'object',
      properties: { totpURI: { type: 'string' }, backupCodes: { type: 'array', items: { type: 'string' } } },
    },
    throttled: true,
  },
  '/auth/two-factor/disable': {
    method: 'post',
    summary: 'Turn two-factor sign-in off',
    description: 'Checks the password.',
    signedIn: true,
    body: { properties: { password: text(128) }, required: ['password'] },
    answer: ok,
    throttled: true,
  },
  '/auth/two-factor/verify-totp': {
    method: 'post',
    summary: 'Check a code from the authenticator app',
    description:
      'Finishes a sign-in that answered twoFactorRedirect (with its challenge cookie), or confirms turning two-factor sign-in on. Five wrong codes end a sign-in attempt.',
    body: { properties: { code, trustDevice: { type: 'boolean' } }, required: ['code'] },
    answer: { type: 'object', properties: { token: { type: 'string' }, user } },
    throttled: true,
  },
  '/auth/two-factor/verify-backup-code': {
    method: 'post',
    summary: 'Finish a two-factor sign-in with a recovery code',
    description: 'Each recovery code works once.',
    body: { properties: { code }, required: ['code'] },
    answer: { type: 'object', properties: { token: { type: 'string' }, user } },
    throttled: true,
  },
};

const authError = (description: string, headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } },
});

/** `AuthError`: better-auth's error body, {message, code}. */
export const authErrorSchema = {
  type: 'object' as const,
  description: 'An error of /api/auth/*: `code` is the machine-readable kind (INVALID_EMAIL_OR_PASSWORD…).',
  properties: { message: { type: 'string' as const }, code: { type: 'string' as const } },
  required: ['code'],
};

export function authPaths(): Document['paths'] {
  return Object.fromEntries(
    Object.entries(operations).map(([path, op]) => [
      path,
      {
        [op.method]: {
          operationId: `auth-${path
            .slice('/auth/'.length)
            .replace(/[/{}]+/g, '-')
            .replace(/-$/, '')}`,
          summary: op.summary,
          description: op.description,
          tags: ['auth'],
          security: op.signedIn ? [{ sessionCookie: [] }] : [],
          ...(op.body
            ? {
                requestBody: {
                  required: true,
                  content: { 'application/json': { schema: { type: 'object', ...op.body } } },
                },
              }
            : {}),
          responses: {
            '200': { description: 'Done', content: { 'application/json': { schema: op.answer } } },
            '400': authError('Invalid input, or a refused password or code'),
            ...(op.signedIn || op.method === 'post'
              ? { '401': authError('Not signed in, or a wrong password or code') }
              : {}),
            ...(op.method === 'post'
              ? {
                  '403': authError('Sent from a page of another site, or not allowed (an unconfirmed address)'),
                  '413': authError('A body over 64 KB'),
                }
              : {}),
            '429': authError(
              op.throttled
                ? 'Too many attempts (see docs/security.md); Retry-After says when to try again'
                : 'Too many requests; Retry-After says when to try again',
              retryAfterHeader,
            ),
            '500': authError('A fault of ours'),
          },
        },
      },
    ]),
  ) as Document['paths'];
}
