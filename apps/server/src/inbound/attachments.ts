import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer';

/** Attachments a booking reader may need: calendars, wallet passes, forwarded mails, pages, JSON-LD, PDFs and images of tickets. */
const keptTypes = new Set([
  'text/calendar',
  'application/ics',
  'application/vnd.apple.pkpass',
  'message/rfc822',
  'text/html',
  'text/plain',
  'application/json',
  'application/ld+json',
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
]);

/**
 * The mail without its attachments of unknown types (archives, programs, office files…): it is
 * built again from its text, HTML and the attachments kept, with its own Message-ID, subject,
 * sender, recipients and date. A mail with nothing to drop is kept byte for byte.
 */
export async function dropUnknownAttachments(raw: Buffer): Promise<Buffer> {
  const mail = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  const kept = mail.attachments.filter((a) => keptTypes.has(a.contentType.toLowerCase()));
  if (kept.length === mail.attachments.length) return raw;
  const address = (field: typeof mail.to) =>
    (Array.isArray(field) ? field : field ? [field] : []).map((a) => a.text).join(', ') || undefined;
  const composer = new MailComposer({
    messageId: mail.messageId,
    subject: mail.subject,
    from: mail.from?.text,
    to: address(mail.to),
    cc: address(mail.cc),
    date: mail.date,
    text: mail.text,
    html: typeof mail.html === 'string' ? mail.html : undefined,
    attachments: kept.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
    })),
  });
  return composer.compile().build();
}
