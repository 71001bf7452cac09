import type { AddressInfo } from 'node:net';
import { maxInboundMailBytes, storeInboundMail, tokenOfAddress, userOfInboundToken } from '@naav/api/server';
import type { Database } from '@naav/db';
import { SMTPServer } from 'smtp-server';
import { dropUnknownAttachments } from './attachments';

/** Connections open at once. */
const maxClients = 20;

export interface InboundSmtp {
  port: number;
  stop: () => Promise<void>;
}

const refusal = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

/**
 * The SMTP listener for forwarding addresses (INBOUND_SMTP_PORT): accepts RCPT TO only for an
 * existing `trips+<token>@…` address, refuses mail over 10 MB (announced in EHLO's SIZE and
 * checked on the bytes), and at most `mailsPerMinute` mails a minute per client address. An accepted
 * mail loses its attachments of unknown types and is stored once by Message-ID; `accepted`
 * then asks this server to read it (any server may).
 */
export function startInboundSmtp({
  db,
  port,
  host,
  accepted,
  log,
  mailsPerMinute,
}: {
  db: Database;
  port: number;
  host: string;
  /** Mails one client address may hand over per minute (INBOUND_MAILS_PER_MINUTE). */
  mailsPerMinute: number;
  accepted: () => void;
  log: (line: string) => void;
}): Promise<InboundSmtp> {
  const recent = new Map<string, number[]>();
  const server = new SMTPServer({
    name: 'naav',
    banner: 'Naav forwarding addresses',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxInboundMailBytes,
    maxClients,
    logger: false,
    onRcptTo(address, session, callback) {
      const token = tokenOfAddress(address.address);
      if (!token) return callback(refusal('No such forwarding address', 550));
      userOfInboundToken(db, token).then(
        (userId) => {
          if (!userId) return callback(refusal('No such forwarding address', 550));
          const held = session as { naavUsers?: string[] };
          const users = held.naavUsers ?? [];
          if (!users.includes(userId)) users.push(userId);
          held.naavUsers = users;
          callback();
        },
        (error: unknown) => callback(refusal(`Try again later (${String(error)})`, 451)),
      );
    },
    onMailFrom(_address, session, callback) {
      const now = Date.now();
      const client = session.remoteAddress;
      const times = (recent.get(client) ?? []).filter((t) => t > now - 60_000);
      if (times.length >= mailsPerMinute) return callback(refusal('Too many mails: try again in a minute', 421));
      times.push(now);
      recent.set(client, times);
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxInboundMailBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxInboundMailBytes)
          return callback(refusal('The mail is larger than 10 MB: forward the confirmation alone', 552));
        const users = (session as { naavUsers?: string[] }).naavUsers ?? [];
        void (async () => {
          const raw = await dropUnknownAttachments(Buffer.concat(chunks));
          for (const userId of users) await storeInboundMail(db, userId, raw);
        })().then(
          () => {
            callback(null, 'Accepted: the bookings will be in your trips shortly');
            accepted();
          },
          (error: unknown) => {
            log(`Forwarded mail not stored: ${String(error)}`);
            callback(refusal('Not stored: try again later', 451));
          },
        );
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.on('error', (error) => log(`Inbound SMTP: ${error.message}`));
      resolve({
        port: (server.server.address() as AddressInfo).port,
        stop: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
