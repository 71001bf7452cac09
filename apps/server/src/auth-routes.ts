import { TooManyRequestsError, type Throttle, type ThrottleBudget } from '@naav/api';
import { clientAddressHeader, type Auth } from './auth';

/** better-auth's paths (under /api/auth) that spend a budget, and which. */
const budgets: Record<string, ThrottleBudget> = {
  '/sign-in/email': 'signIn',
  '/sign-up/email': 'signUp',
  '/request-password-reset': 'passwordReset',
  // The same endpoint under its older name.
  '/forget-password': 'passwordReset',
  '/send-verification-email': 'verificationEmail',
};

/** Auth request bodies are a few fields; anything larger is refused before better-auth reads it. */
const maxAuthBodyBytes = 64 * 1024;

const errorResponse = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  Response.json({ message, code }, { status, headers });

/**
 * Hands /api/auth/* to better-auth, with the client address it records on new sessions, after
 * counting the attempt against its budget (per client address and per e-mail). A sign-in counts
 * only when the password was wrong (401): a right one is given back, but resets nothing.
 */
export function createAuthRoutes(auth: Auth, throttle: Throttle) {
  return async (req: Request, address: string): Promise<Response> => {
    const url = new URL(req.url);
    const headers = new Headers(req.headers);
    // better-auth records an IPv6 client as its /64 network too, written as an address.
    if (address === 'unknown') headers.delete(clientAddressHeader);
    else headers.set(clientAddressHeader, address.replace(/\/64$/, ''));
    if (req.method !== 'POST') return auth.handler(new Request(url, { method: req.method, headers }));

    if (Number(req.headers.get('content-length') ?? 0) > maxAuthBodyBytes) {
      return errorResponse(413, 'PAYLOAD_TOO_LARGE', `body: larger than ${maxAuthBodyBytes / 1024} KB`);
    }
    const body = await req.text();
    if (body.length > maxAuthBodyBytes) return errorResponse(413, 'PAYLOAD_TOO_LARGE', `body: larger than ${maxAuthBodyBytes / 1024} KB`);
    const forwarded = new Request(url, { method: 'POST', headers, body });

    const budget = budgets[url.pathname.slice('/api/auth'.length)];
    if (!budget) return auth.handler(forwarded);
    let attempt: Awaited<ReturnType<Throttle['take']>>;
    try {
      attempt = await throttle.take(budget, { address, account: emailIn(body) });
    } catch (error) {
      if (!(error instanceof TooManyRequestsError)) throw error;
      return errorResponse(429, 'TOO_MANY_REQUESTS', error.message, { 'retry-after': String(error.retryAfterSeconds) });
    }
    const res = await auth.handler(forwarded);
    if (budget === 'signIn' && res.status !== 401) await attempt.giveBack();
    return res;
  };
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
