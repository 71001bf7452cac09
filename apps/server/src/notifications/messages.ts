import { notificationKindLabels, type NotificationKind } from '@naav/schemas/notifications';
import type { MailMessage } from '../mail/mailer';
import { compose, greetingFor } from '../mail/messages';

/** A notice as mail is written from it. */
export interface MailedNotice {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** An app path (`/proposals/…`). */
  link: string;
}

export interface Recipient {
  name: string;
  email: string;
}

/** The addresses a mail needs: the app's public URL, and the one-click unsubscribe URL of its kind (or of the digest). */
export interface MailLinks {
  publicUrl: string;
  unsubscribeUrl: string;
}

/** RFC 8058: the https URL a mail provider POSTs `List-Unsubscribe=One-Click` to. */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

/** One notice by mail: its title as the subject, its text, a button to what it is about, and how to stop it. */
export async function noticeMessage(
  to: Recipient,
  notice: MailedNotice,
  { publicUrl, unsubscribeUrl }: MailLinks,
  messageId: string,
): Promise<MailMessage> {
  const label = notificationKindLabels[notice.kind].label;
  const message = await compose({
    to: to.email,
    subject: notice.title,
    greeting: greetingFor(to.name),
    paragraphs: [notice.title, ...(notice.body ? [notice.body] : [])],
    action: { label: 'Open in Naav', url: absolute(publicUrl, notice.link) },
    footnote: `You get this e-mail because "${label}" e-mails are on in your notification settings.`,
    footerLinks: [
      { label: `Unsubscribe from "${label}" e-mails`, url: unsubscribeUrl },
      { label: 'Notification settings', url: absolute(publicUrl, '/notification-settings') },
    ],
  });
  return { ...message, messageId, headers: unsubscribeHeaders(unsubscribeUrl) };
}

/** The day's digest: every notice it gathers, each with its link; the header unsubscribes from digests. */
export async function digestMessage(
  to: Recipient,
  notices: readonly MailedNotice[],
  { publicUrl, unsubscribeUrl }: MailLinks,
  messageId: string,
): Promise<MailMessage> {
  const count = notices.length;
  const message = await compose({
    to: to.email,
    subject: `Your Naav digest: ${count} ${count === 1 ? 'update' : 'updates'}`,
    greeting: greetingFor(to.name),
    paragraphs: [
      `Here is what happened since your last digest:`,
      ...notices.map((n) => `${n.title}${n.body ? ` — ${n.body}` : ''} (${absolute(publicUrl, n.link)})`),
    ],
    action: { label: 'Open Naav', url: absolute(publicUrl, '/') },
    footnote: 'You get this digest because some e-mails are set to "Daily digest" in your notification settings.',
    footerLinks: [
      { label: 'Unsubscribe from daily digests', url: unsubscribeUrl },
      { label: 'Notification settings', url: absolute(publicUrl, '/notification-settings') },
    ],
  });
  return { ...message, messageId, headers: unsubscribeHeaders(unsubscribeUrl) };
}
