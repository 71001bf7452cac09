import { Hono } from 'hono';
import { type Auth, clientAddressHeader } from '../auth';
import type { RouteDeps } from './deps';

/**
 * POST /api/invitations/{token}/accept is the procedure `invitations.accept` (over REST, as
 * every other path), which makes the account; this route then signs the new account in through
 * better-auth with the password just set, so the answer carries the session cookie.
 */
export function invitationRoutes(deps: RouteDeps, auth: Auth) {
  const app = new Hono();
  app.post('/invitations/:token/accept', async (c) => {
    let password: unknown;
    try {
      password = ((await c.req.raw.clone().json()) as { password?: unknown } | null)?.password;
    } catch {
      // Not JSON: the procedure answers the 400 (or 415).
    }
    const made = await deps.rest(c);
    if (made.status !== 200 || typeof password !== 'string') return made;
    const { email } = (await made.clone().json()) as { email: string };
    const address = deps.contextOf(c).clientAddress();
    const headers = new Headers({ 'user-agent': c.req.header('user-agent') ?? '' });
    if (address !== 'unknown') headers.set(clientAddressHeader, address.replace(/\/64$/, ''));
    const signedIn = await auth.api.signInEmail({ body: { email, password }, headers, asResponse: true });
    const answer = new Response(made.body, made);
    for (const cookie of signedIn.headers.getSetCookie()) answer.headers.append('set-cookie', cookie);
    return answer;
  });
  return app;
}
