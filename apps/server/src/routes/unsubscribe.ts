import { createAppCaller, ValidationError } from '@naav/api/server';
import { notificationKindLabels, notificationKindSchema } from '@naav/schemas/notifications';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { restErrorFrom } from '../rest';
import type { RouteDeps } from './deps';

const path = '/notifications/unsubscribe';

// The app's CSS is built with hashed names and the CSP allows no inline style: the page's few rules are served beside it.
const pageCss = `body{margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}
.brand{margin:0 0 16px;font-size:20px;font-weight:700;color:#0f5f8c}h1{font-size:1.4rem;margin:0 0 12px}p{line-height:1.5}
button,a.button{display:inline-flex;align-items:center;min-height:44px;min-width:44px;padding:0 20px;border:0;border-radius:8px;background:#0f5f8c;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #0f5f8c;outline-offset:2px}a{color:#0f5f8c}`;

const page = (title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>, status = 200) =>
  Promise.resolve(html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Naav</title><link rel="stylesheet" href="/api${path}/page.css"></head>
<body><main><p class="brand">Naav</p><h1>${title}</h1>${body}</main></body>
</html>`).then(
    (text) => new Response(String(text), { status, headers: { 'content-type': 'text/html; charset=utf-8' } }),
  );

const invalidLink = 'This unsubscribe link is not valid';
const acceptsHtml = (accept: string | undefined) => (accept ?? '').includes('text/html');

const settingsLink = html`<p><a href="/notification-settings">Choose what you are told</a> (you may be asked to sign in).</p>`;

/**
 * RFC 8058 one-click unsubscribe, the target of every notification mail's List-Unsubscribe
 * header and footer link, with no session (the token, signed per person and kind, is the proof).
 * A mail provider POSTs `List-Unsubscribe=One-Click`; a person following the link gets a page
 * that asks before changing anything (link checkers and previews follow links too), whose
 * button POSTs the same URL. Registered before the cross-site guard: the POST comes from mail
 * providers' servers and from this page, and a forged one could only do what the token allows.
 */
export function unsubscribeRoutes({ contextOf }: RouteDeps) {
  const routes = new Hono();
  routes.get(`${path}/page.css`, (c) => c.body(pageCss, 200, { 'content-type': 'text/css; charset=utf-8' }));

  routes.get(path, (c) => {
    const token = c.req.query('token') ?? '';
    const named = token.split('.')[1];
    const kind = notificationKindSchema.safeParse(named);
    if (!kind.success && named !== 'digest') {
      // A browser gets a page; any other client the API's JSON error.
      if (!acceptsHtml(c.req.header('accept'))) return restErrorFrom(new ValidationError('token', invalidLink));
      return page(invalidLink, settingsLink, 400);
    }
    const label = kind.success ? notificationKindLabels[kind.data].label : 'Daily digests';
    return page(
      'Stop these e-mails?',
      html`<p>You will no longer get e-mails about <strong>${label}</strong>. Your Naav inbox and your other e-mails do not change.</p>
<form method="post" action="/api${path}?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>${settingsLink}`,
    );
  });

  routes.post(path, async (c) => {
    const fromPage = acceptsHtml(c.req.header('accept'));
    try {
      const done = await createAppCaller(contextOf(c)).notificationSettings.unsubscribe({
        token: c.req.query('token') ?? '',
      });
      if (!fromPage) return c.json(done);
      return page(
        'You are unsubscribed',
        html`<p>You will no longer get e-mails about <strong>${done.label}</strong>.</p>${settingsLink}`,
      );
    } catch (error) {
      if (fromPage) return page(invalidLink, settingsLink, 400);
      return restErrorFrom(error);
    }
  });
  return routes;
}
