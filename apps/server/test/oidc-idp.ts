/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who signs in at the provider: the claims it hands the app. */
export interface IdpUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface IdpOptions {
  /** 0: any free port. */
  port: number;
  clientId: string;
  clientSecret: string;
  /** The app's callback, `<PUBLIC_URL>/api/auth/callback/oidc`. */
  redirectUri: string;
  /**
   * Without it, the provider shows its own sign-in and consent pages, as a real one does (the
   * browser tests fill them in: whoever types an address signs in as that address, verified).
   * With it, the user it answers is signed in and the app's scopes granted at once (the REST test).
   */
  autoSignIn?: () => IdpUser;
}

export interface Idp {
  issuer: string;
  close(): Promise<void>;
}

/** "robin.guide+7@agency.example" → "Robin Guide". */
const nameOf = (email: string) =>
  (email.split(/[@+]/)[0] ?? '')
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join(' ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;box-sizing:border-box;font-size:1rem}
input{margin:.25rem 0 1rem;padding:.6rem}button{padding:.7rem;min-height:44px}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

const formBody = (req: IncomingMessage) =>
  new Promise<URLSearchParams>((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });

const html = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, with one
 * confidential client: the app. Its interaction pages are /interaction/<uid> (see `autoSignIn`).
 */
export async function startIdp({ port, clientId, clientSecret, redirectUri, autoSignIn }: IdpOptions): Promise<Idp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const users = new Map<string, IdpUser>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: user.email, email_verified: user.emailVerified, name: user.name }),
      };
    },
    cookies: { keys: ['naav-test-idp-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  const handle = provider.callback();

  const signIn = (req: IncomingMessage, res: ServerResponse, user: IdpUser) => {
    users.set(user.sub, user);
    return provider.interactionFinished(req, res, { login: { accountId: user.sub } });
  };
  const consent = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: details.session?.accountId ?? '', clientId });
    grant.addOIDCScope(details.params.scope ?? 'openid');
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  };

  server.on('request', async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', issuer);
      const [, first, uid, action] = url.pathname.split('/');
      if (first !== 'interaction' || !uid) return handle(req, res);
      if (autoSignIn) {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') return await signIn(req, res, autoSignIn());
        return await consent(req, res);
      }
      if (req.method === 'POST' && action === 'login') {
        const email = ((await formBody(req)).get('email') ?? '').trim().toLowerCase();
        return await signIn(req, res, { sub: email, email, emailVerified: true, name: nameOf(email) });
      }
      if (req.method === 'POST' && action === 'confirm') return await consent(req, res);
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login')
        return html(
          res,
          page(
            'Agency sign-in',
            `<form method="post" action="/interaction/${uid}/login">
<label for="email">Work e-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Sign in</button></form>`,
          ),
        );
      return html(
        res,
        page(
          'Allow access',
          `<p>Naav asks for your name and e-mail address.</p>
<form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form>`,
        ),
      );
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`Provider error: ${(error as Error).message}`);
    }
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
