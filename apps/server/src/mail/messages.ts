import { html } from 'hono/html';
import type { MailMessage } from './mailer';

const appName = 'Naav';

interface Content {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A last line under the button: why they got this, what to do if it was not them. */
  footnote: string;
  /** Links under the footnote (unsubscribe, settings), in small print. */
  footerLinks?: { label: string; url: string }[];
}

/** The same words as plain text and as simple HTML (every value escaped), with the app's name. */
export async function compose({
  to,
  subject,
  greeting,
  paragraphs,
  action,
  footnote,
  footerLinks = [],
}: Content): Promise<MailMessage> {
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footnote,
    ...footerLinks.map((l) => `${l.label}: ${l.url}`),
    '',
    `— ${appName}, your travel companion`,
  ].join('\n');
  const body = await html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${subject}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0f5f8c">${appName}</p>
<p style="margin:0 0 16px">${greeting}</p>
${paragraphs.map((p) => html`<p style="margin:0 0 16px;line-height:1.5">${p}</p>`)}
${
  action
    ? html`<p style="margin:24px 0"><a href="${action.url}" style="display:inline-block;background:#0f5f8c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${action.label}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all">Or open this link: <a href="${action.url}" style="color:#0f5f8c">${action.url}</a></p>`
    : ''
}
<p style="margin:24px 0 0;font-size:13px;color:#52606d">${footnote}</p>
${footerLinks.map((l) => html`<p style="margin:8px 0 0;font-size:13px"><a href="${l.url}" style="color:#0f5f8c">${l.label}</a></p>`)}
</div>
</body>
</html>`;
  return { to, subject, text, html: String(body), link: action?.url };
}

export const greetingFor = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function verificationMessage(user: { name: string; email: string }, link: string): Promise<MailMessage> {
  return compose({
    to: user.email,
    subject: `Confirm your e-mail address for ${appName}`,
    greeting: greetingFor(user.name),
    paragraphs: [
      `Please confirm that ${user.email} is your address: open the link below and you are signed in to ${appName}.`,
      'The link works for one hour.',
    ],
    action: { label: 'Confirm my address', url: link },
    footnote: `If you did not create a ${appName} account, ignore this e-mail: nothing happens without the link.`,
  });
}

export function passwordResetMessage(
  user: { name: string; email: string },
  link: string,
  validMinutes: number,
): Promise<MailMessage> {
  return compose({
    to: user.email,
    subject: `Reset your ${appName} password`,
    greeting: greetingFor(user.name),
    paragraphs: [
      `Someone asked to reset the password of the ${appName} account for ${user.email}. Open the link below to choose a new one.`,
      `The link works once, for ${validMinutes} minutes. Setting a new password signs the account out everywhere.`,
    ],
    action: { label: 'Choose a new password', url: link },
    footnote: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  });
}

export function existingAccountMessage(
  user: { name: string; email: string },
  links: { signIn: string; forgotPassword: string },
): Promise<MailMessage> {
  return compose({
    to: user.email,
    subject: `Someone tried to sign up to ${appName} with your address`,
    greeting: greetingFor(user.name),
    paragraphs: [
      `Someone tried to create a new ${appName} account with ${user.email}, which already has one. No new account was created and yours is unchanged.`,
      `If it was you, sign in instead; if you have forgotten your password, you can reset it: ${links.forgotPassword}`,
    ],
    action: { label: 'Sign in', url: links.signIn },
    footnote: 'If it was not you, you can ignore this e-mail.',
  });
}

export function exportReadyMessage(
  user: { name: string; email: string },
  link: string,
  expiresAt: Date,
): Promise<MailMessage> {
  return compose({
    to: user.email,
    subject: `Your ${appName} export is ready`,
    greeting: greetingFor(user.name),
    paragraphs: [
      `The copy of your ${appName} data you asked for is ready: a zip of your trips, photos, calendars, expenses and everything else you keep.`,
      `The link works once, while you are signed in, until ${expiresAt.toUTCString()}. After that, ask for a new export from the account menu.`,
    ],
    action: { label: 'Download my data', url: link },
    footnote: `If you did not ask for an export, change your password: someone signed in to your account did.`,
  });
}

/** A webhook endpoint of theirs failed for 24 hours and was turned off. */
export function webhookDisabledMessage(
  user: { name: string; email: string },
  url: string,
  appUrl: string,
): Promise<MailMessage> {
  return compose({
    to: user.email,
    subject: `${appName} stopped sending events to your webhook`,
    greeting: greetingFor(user.name),
    paragraphs: [
      `Every delivery to ${url} failed for 24 hours, so ${appName} has turned this webhook off and will send it nothing more.`,
      'Its delivery log (account menu, Webhooks, Deliveries) shows what the address answered. Once it works again, add the webhook again.',
    ],
    action: { label: `Open ${appName}`, url: appUrl },
    footnote: 'You get this e-mail because you added this webhook to your account.',
  });
}

const invitedAs = { client: 'a traveller', agent: 'a travel agent', admin: 'an administrator' } as const;

export function invitationMessage(invitation: {
  email: string;
  role: keyof typeof invitedAs;
  invitedBy: string | null;
  link: string;
  validDays: number;
}): Promise<MailMessage> {
  return compose({
    to: invitation.email,
    subject: `You are invited to ${appName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${invitation.invitedBy ?? `The ${appName} administrator`} invited you to join ${appName} as ${invitedAs[invitation.role]}, with ${invitation.email}.`,
      `Open the link below to choose your password; you are then signed in. The link works once, for ${invitation.validDays} days.`,
    ],
    action: { label: 'Accept the invitation', url: invitation.link },
    footnote: 'If you did not expect this, ignore this e-mail: no account is made without the link.',
  });
}
