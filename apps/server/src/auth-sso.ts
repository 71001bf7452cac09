import { passkey } from '@better-auth/passkey';
import { audit } from '@naav/api/server';
import { type Database, schema } from '@naav/db';
import { eq } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';

/** An agency's OpenID Connect provider (OIDC_* in env.ts, docs/operating.md#single-sign-on). */
export interface SsoConfig {
  /** The issuer URL; its discovery document is `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the sign-in page: "Sign in with <name>". */
  name: string;
  /** Only addresses at these domains may sign in through it (all when empty). */
  emailDomains: string[];
  /** The role a person who first signs in through it gets. */
  role: 'client' | 'agent';
}

/** better-auth's id for the provider: its callback is /api/auth/callback/oidc. */
const ssoProviderId = 'oidc';

/** What signing in through the provider answers for an address outside OIDC_EMAIL_DOMAINS. */
const domainRefused = {
  code: 'EMAIL_DOMAIN_NOT_ALLOWED',
  message: 'This address may not sign in with single sign-on here',
};

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Single sign-on through an OpenID Connect provider (better-auth's generic OAuth plugin, found
 * through discovery), and the public GET /api/auth/sso/provider that tells the sign-in page
 * whether to offer it and under which name. Accounts link by e-mail only when the provider
 * says the address is verified (better-auth's account linking, with the local address verified too).
 */
export function ssoPlugins(config: SsoConfig | undefined): BetterAuthPlugin[] {
  const info: BetterAuthPlugin = {
    id: 'naav-sso-info',
    endpoints: {
      ssoProvider: createAuthEndpoint('/sso/provider', { method: 'GET' }, async (ctx) =>
        ctx.json({ provider: config ? { id: ssoProviderId, name: config.name } : null }),
      ),
    },
    // The provider's callback is a page the browser opens: a refused address goes back to the
    // sign-in page with the reason, as better-auth's own callback errors do.
    onResponse: async (response) => {
      if (response.status !== 403) return;
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { code?: unknown } | null;
      if (body?.code !== domainRefused.code) return;
      return {
        response: new Response(null, {
          status: 302,
          headers: { location: `/sign-in?sso=failed&error=${domainRefused.code.toLowerCase()}` },
        }),
      };
    },
  };
  if (!config) return [info];
  const sso = genericOAuth({
    config: [
      {
        providerId: ssoProviderId,
        name: config.name,
        discoveryUrl: `${config.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        requireIdTokenVerification: true,
        mapProfileToUser: (profile) => {
          const email = typeof profile.email === 'string' ? profile.email : '';
          if (config.emailDomains.length > 0 && !config.emailDomains.includes(domainOf(email)))
            throw APIError.from('FORBIDDEN', domainRefused);
          return {};
        },
      },
    ],
  });
  return [sso, info];
}

/**
 * The role of a user being created: the configured one when the request is the provider's
 * callback (a first sign-in through single sign-on), else none (better-auth's default, client).
 */
export function ssoRoleOf(
  config: SsoConfig | undefined,
  ctx: { path?: string; params?: Record<string, string | undefined> } | null | undefined,
): SsoConfig['role'] | undefined {
  if (!config || !ctx?.path) return undefined;
  const callback = ctx.path === '/callback/:id' && ctx.params?.['id'] === ssoProviderId;
  return callback ? config.role : undefined;
}

/** A session that single sign-on started goes into the audit log as a sign-in. */
export async function auditSsoSignIn(
  db: Database,
  config: SsoConfig | undefined,
  session: { userId: string; ipAddress?: string | null },
  ctx: { path?: string; params?: Record<string, string | undefined> } | null | undefined,
): Promise<void> {
  if (!ssoRoleOf(config, ctx)) return;
  const [owner] = await db
    .select({ id: schema.user.id, email: schema.user.email })
    .from(schema.user)
    .where(eq(schema.user.id, session.userId));
  await audit(db, {
    actor: owner ?? null,
    targetId: session.userId,
    action: 'sign-in',
    summary: `signed in through ${config?.name ?? 'single sign-on'}`,
    clientAddress: session.ipAddress ?? null,
  }).catch((error: unknown) => console.error('Could not write to the audit log:', error));
}

/**
 * Passkeys (better-auth's passkey plugin): the relying party is PUBLIC_URL's host (WebAuthn takes
 * no IP address: an address such as 127.0.0.1 means `localhost`), and a passkey is accepted from
 * any origin the app trusts for sign-in.
 */
export function passkeyPlugin(baseURL: string, trustedOrigins: string[]) {
  const host = new URL(baseURL).hostname;
  const ip = /^[\d.]+$/.test(host) || host.startsWith('[');
  return passkey({ rpID: ip ? 'localhost' : host, rpName: 'Naav', origin: trustedOrigins });
}
