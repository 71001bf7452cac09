import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

/** One message: plain text and HTML alternatives of the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message is about; printed in the log when mail is written to files. */
  link?: string;
  /** `<id@domain>`: a notice's own, so a retried message is recognisably the same one. */
  messageId?: string;
  /** Extra header fields (List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://` (credentials in the URL); without it messages go to `outboxDir`. */
  smtpUrl?: string;
  from: string;
  /** Where messages are written as `.eml` files when there is no SMTP server. */
  outboxDir: string;
  log?: (line: string) => void;
}

/**
 * Sends over SMTP when a server is configured. Otherwise nodemailer still builds the same
 * multipart message, which is written as an `.eml` file (any mail program opens it) and its
 * link printed in the log: the embedded setup needs no mail server.
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  // nodemailer loads with the first mail, not at start.
  let loaded: Promise<Transporter> | undefined;
  const transport = () =>
    (loaded ??= import('nodemailer').then(({ createTransport }) =>
      smtpUrl ? createTransport(smtpUrl) : createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
    ));
  if (smtpUrl) {
    return {
      async send({ to, subject, text, html, messageId, headers }) {
        await (await transport()).sendMail({ from, to, subject, text, html, messageId, headers });
      },
    };
  }
  return {
    async send({ to, subject, text, html, link, messageId, headers }) {
      const info = await (await transport()).sendMail({ from, to, subject, text, html, messageId, headers });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outboxDir, name);
      // Messages carry sign-in links: readable by the server's user only.
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log?.(`Mail to ${to}: "${subject}"${link ? ` ${link}` : ''} (saved as ${file})`);
    },
  };
}
