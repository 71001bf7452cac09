import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@naav/db';
import { createMailer } from '../src/mail/mailer';
import { createDelivery } from '../src/notifications/delivery';

/** One server's notification delivery, as `holder`, mailing the test's SMTP sink at `smtpUrl`. */
export const deliveryTo = (db: Database, smtpUrl: string, publicUrl: string, holder: string) =>
  createDelivery({
    db,
    mailer: createMailer({
      smtpUrl,
      from: 'Naav <no-reply@naav.example>',
      outboxDir: join(tmpdir(), `naav-unused-${randomUUID()}`),
    }),
    publicUrl,
    messageIdDomain: 'naav.example',
    holder,
    leaseMs: 60_000,
  });
