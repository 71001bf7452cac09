import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient } from '@libsql/client';
import { createTransport } from 'nodemailer';
import type { Row } from './table';

/**
 * Forwarded confirmations through the SMTP listener: a real SMTP client (nodemailer, a pool of
 * connections) hands the server `count` copies of the United confirmation of the corpus, each with
 * a Message-ID of its own, addressed to the demo traveller's forwarding address; the clock stops
 * when the last one has been read into the trip that covers it (its row in `inbound_mails` done).
 */
export interface InboundMailReport {
  count: number;
  /** Mails the listener accepted per second (SMTP conversation and storing the mail once). */
  acceptedPerSecond: number;
  /** Mails accepted and read into a trip per second, from the first send to the last read. */
  readPerSecond: number;
}

const sample = readFileSync(
  fileURLToPath(
    new URL('../../packages/api/src/routers/bookings/corpus/email/united-flight-confirmation.eml', import.meta.url),
  ),
  'latin1',
);

/** The server's environment for this section: the listener on `port`, without the per-client cap of 30 a minute. */
export const inboundServerEnv = (port: number) => ({
  INBOUND_SMTP_PORT: String(port),
  MAIL_DOMAIN: 'in.bench.example',
  INBOUND_MAILS_PER_MINUTE: '100000',
});

export async function benchInboundMail(
  baseUrl: string,
  smtpPort: number,
  cookie: string,
  databaseUrl: string,
  count = 200,
): Promise<InboundMailReport> {
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const address = (await (await fetch(`${baseUrl}/api/inbound/address`, { headers })).json()) as { address: string };
  // A trip covering the flight (4 March 2027), so every mail goes into it.
  const trip = await fetch(`${baseUrl}/api/trips`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      title: 'New York',
      destination: 'New York',
      location: 'New York, USA',
      startDate: '2027-03-03',
      endDate: '2027-03-09',
    }),
  });
  if (!trip.ok) throw new Error(`could not make the trip: ${trip.status} ${await trip.text()}`);

  const transport = createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 4,
  });
  const db = createClient({ url: databaseUrl });
  try {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        transport.sendMail({
          envelope: { from: 'eva.green@example.com', to: [address.address] },
          raw: sample.replace(/^Message-ID: .*$/m, `Message-ID: <bench-${i}-${started}@united.example>`),
        }),
      ),
    );
    const acceptedMs = performance.now() - started;
    for (;;) {
      const result = await db.execute("select count(*) as n from inbound_mails where status in ('done', 'failed')");
      if (Number(result.rows[0]!.n) >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const readMs = performance.now() - started;
    const failed = await db.execute("select count(*) as n from inbound_mails where status = 'failed'");
    if (Number(failed.rows[0]!.n) > 0) throw new Error(`${String(failed.rows[0]!.n)} forwarded mails failed`);
    return { count, acceptedPerSecond: (count * 1000) / acceptedMs, readPerSecond: (count * 1000) / readMs };
  } finally {
    transport.close();
    db.close();
  }
}

export function inboundMailRows(report: InboundMailReport): Row[] {
  return [
    {
      metric: `Import: forwarded mails accepted by the SMTP listener (${report.count}, 4 connections)`,
      value: `${report.acceptedPerSecond.toFixed(1)} mails/s`,
    },
    {
      metric: 'Import: forwarded mails accepted and read into the trip',
      value: `${report.readPerSecond.toFixed(1)} mails/s`,
    },
  ];
}
