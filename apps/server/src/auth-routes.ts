import { createHash } from 'node:crypto';
import { TooManyRequestsError, type Throttle, type ThrottleBudget } from '@naav/api/server';
import { clientAddressHeader, type Auth } from './auth';

/**
 * better-auth's paths (under /api/auth) that spend a budget, and which. Every path that checks
 * a password spends the sign-in budget of that account; every path that checks a two-factor
 * code spends the budget of its challenge (or, while setting it up, its session).
 */
const budgets: Record<string, ThrottleBudget> = {
  '/sign-in/email': 'signIn',
  '/change-password': 'signIn',
  '/two-factor/enable': 'signIn',
  '/two-factor/disable': 'signIn',
  '/two-factor/enable-passkey': 'signIn',
  '/two-factor/verify-totp': 'twoFactorCode',
  '/two-factor/verify-backup-code': 'twoFactorCode',
  '/two-factor/verify-otp': 'twoFactorCode',
  '/sign-up/email': 'signUp',
  '/request-password-reset': 'passwordReset',
  // The same endpoint under its older name.
  '/forget-password': 'passwordReset',
  '/send-verification-email': 'verificationEmail',
};

/** Paths checking the signed-in user's password rather than one named in the body. */
const signedInPasswordPaths = new Set([
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/enable-passkey',
]);

/** Auth request bodies are a few fields; anything larger is refused before better-auth reads it. */
const maxAuthBodyBytes = 64 * 1024;

const errorResponse = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ message, code }, { status, headers });

/**
 * Hands /api/auth/* to better-auth, with the client address it records on new sessions, after
 * counting the attempt against its budget (per client address and per account). A password
 * counts only when it was wrong: a right one is given back, but resets nothing. A two-factor
 * code is counted before it is checked, and given back only when it was right.
 * `emailOf` answers the signed-in user's e-mail (for the paths that check their password).
 */
export function createAuthRoutes(
  auth: Auth,
  throttle: Throttle,
  emailOf: (headers: Headers) => Promise<string | undefined>,
) {
  return async (req: Request, address: string): Promise<Response> => {
    const url = new URL(req.url);
    const headers = new Headers(req.headers);
    // better-auth records an IPv6 client as its /64 network too, written as an address.
    if (address === 'unknown') headers.delete(clientAddressHeader);
    else headers.set(clientAddressHeader, address.replace(/\/64$/, ''));
    if (req.method !== 'POST') return auth.handler(new Request(url, { method: req.method, headers }));
    fromScript(headers);

    if (Number(req.headers.get('content-length') ?? 0) > maxAuthBodyBytes) {
      return errorResponse(413, 'PAYLOAD_TOO_LARGE', `body: larger than ${maxAuthBodyBytes / 1024} KB`);
    }
    const body = await req.text();
    if (body.length > maxAuthBodyBytes)
      return errorResponse(413, 'PAYLOAD_TOO_LARGE', `body: larger than ${maxAuthBodyBytes / 1024} KB`);
    const forwarded = new Request(url, { method: 'POST', headers, body });

    const path = url.pathname.slice('/api/auth'.length);
    if (path === '/sign-out') return clearingSiteData(await auth.handler(forwarded));
    const budget = budgets[path];
    if (!budget) return auth.handler(forwarded);
    let account: string | undefined;
    if (budget === 'twoFactorCode') account = challengeOf(req.headers.get('cookie'));
    else if (signedInPasswordPaths.has(path)) account = (await emailOf(req.headers))?.trim().toLowerCase();
    else account = emailIn(body);
    // Signed out: better-auth answers 401 and checks nothing.
    if (account === undefined && (budget === 'twoFactorCode' || signedInPasswordPaths.has(path)))
      return auth.handler(forwarded);

    let attempt: Awaited<ReturnType<Throttle['take']>>;
    try {
      attempt = await throttle.take(
        budget,
        { address, account },
        { settles: budget === 'signIn' || budget === 'twoFactorCode' },
      );
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      return errorResponse(429, 'TOO_MANY_REQUESTS', error.message, { 'retry-after': String(error.retryAfterSeconds) });
    }
    let res: Response;
    try {
      res = await auth.handler(forwarded);
    } catch (error) {
      attempt.keep();
      throw error;
    }
    const right = budget === 'twoFactorCode' ? res.ok : !(await wrongPassword(res));
    if (right && (budget === 'signIn' || budget === 'twoFactorCode')) await attempt.giveBack();
    else attempt.keep();
    return res;
  };
}

/**
 * A script's sign-in (Node's fetch, undici) sends `Sec-Fetch-Mode: cors` but neither Origin nor
 * Sec-Fetch-Site, and better-auth takes any Sec-Fetch-* header for a browser's and then
 * requires an Origin (403 MISSING_OR_NULL_ORIGIN). A browser page's POST always carries Origin,
 * and a browser that sends Sec-Fetch-Mode sends Sec-Fetch-Site with it, so a request with
 * neither is not from a page: its stray fetch metadata is dropped and it is checked as curl's
 * is. Requests carrying cookies are left alone (better-auth still wants a trusted Origin then).
 */
function fromScript(headers: Headers): void {
  if (headers.has('origin') || headers.has('referer') || headers.has('sec-fetch-site') || headers.has('cookie')) return;
  headers.delete('sec-fetch-mode');
  headers.delete('sec-fetch-dest');
  headers.delete('sec-fetch-user');
}

/** The browser's cached and stored copies of this site are dropped by a successful sign-out answer. */
const clearSiteData = '"cache", "storage"';

/** A sign-out answer that also clears the browser's cache and storage for this site (when it succeeded). */
export function clearingSiteData(res: Response): Response {
  if (!res.ok) return res;
  const headers = new Headers(res.headers);
  headers.set('clear-site-data', clearSiteData);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** better-auth's answer to a wrong password: 401 at sign-in, 400 INVALID_PASSWORD elsewhere. */
async function wrongPassword(res: Response): Promise<boolean> {
  if (res.status === 401) return true;
  if (res.status !== 400) return false;
  try {
    return ((await res.clone().json()) as { code?: unknown } | null)?.code === 'INVALID_PASSWORD';
  } catch {
    return false;
  }
}

/** A key for the two-factor challenge cookie, or else the session cookie, of a request. */
function challengeOf(cookieHeader: string | null): string | undefined {
  if (!cookieHeader) return undefined;
  const cookies = cookieHeader.split(';').map((part) => part.trim());
  const value = (suffix: string) => {
    const cookie = cookies.find((c) => c.includes('=') && c.slice(0, c.indexOf('=')).endsWith(suffix));
    return cookie?.slice(cookie.indexOf('=') + 1) || undefined;
  };
  const cookie = value('.two_factor') ?? value('.session_token');
  return cookie ? createHash('sha256').update(cookie).digest('base64url').slice(0, 32) : undefined;
}

/** The e-mail a JSON body names, as accounts are matched (trimmed, lower case); undefined when none. */
function emailIn(body: string): string | undefined {
  try {
    const email = (JSON.parse(body) as { email?: unknown } | null)?.email;
    return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
