import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as a mail program shows it. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The MIME parts' content types, e.g. multipart/alternative with text/plain and text/html. */
  contentType: string;
  messageId: string;
  /** Each header field as sent, by its lower-case name (the last one of a repeated name). */
  headers: Record<string, string>;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => (v.address ?? '').toLowerCase()),
  );

/** Parses a raw RFC 5322 message with mailparser, as a mail program would. */
export async function parseMail(raw: Buffer | string): Promise<ReceivedMail> {
  const mail = await simpleParser(raw);
  return {
    to: addresses(mail.to),
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    contentType: (mail.headers.get('content-type') as { value?: string } | undefined)?.value ?? '',
    messageId: mail.messageId ?? '',
    headers: Object.fromEntries(
      mail.headerLines.map((h) => [
        h.key,
        h.line
          .slice(h.line.indexOf(':') + 1)
          .replace(/\r?\n\s+/g, ' ')
          .trim(),
      ]),
    ),
  };
}

/** The first http(s) link of the message's text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix = 'http'): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => l.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in "${mail.subject}":\n${mail.text}`);
  return link;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, oldest first. */
  received: ReceivedMail[];
  /** The first message (received already or within `timeoutMs`) to `to` whose subject matches. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server), no TLS and no login, keeping what it
 * receives. `onRaw` also gets each raw message, e.g. to write it to a folder.
 */
export async function startSmtpSink({
  port = 0,
  onRaw,
}: {
  port?: number;
  onRaw?: (raw: Buffer) => Promise<void> | void;
} = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        void (async () => {
          await onRaw?.(raw);
          received.push(await parseMail(raw));
          for (const wake of waiting) wake();
        })().then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  const waitFor = (to: string, subject?: RegExp, timeoutMs = 10_000) =>
    new Promise<ReceivedMail>((resolve, reject) => {
      const find = () => received.find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      const check = () => {
        const mail = find();
        if (!mail) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(
          new Error(
            `no mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms; received: ${received.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'nothing'}`,
          ),
        );
      }, timeoutMs);
      waiting.add(check);
      check();
    });

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every `.eml` file in a folder (the server's outbox without SMTP, or a sink's), parsed, oldest first. */
export async function readMailFolder(dir: string): Promise<ReceivedMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => parseMail(await readFile(join(dir, n)))));
}
