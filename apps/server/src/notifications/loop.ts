import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { writeDueReminders } from '@naav/api/server';
import { acquireLease, type Database } from '@naav/db';
import type { Mailer } from '../mail/mailer';
import { createDelivery, deliveryLease } from './delivery';

export interface NotificationLoopOptions {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** MAIL_FROM, whose domain ends every Message-ID (the public URL's host without one). */
  mailFrom: string;
  /** How often this server looks for due reminders and mail (NOTIFICATION_RUN_MS). */
  everyMs: number;
  /** How long a server that stopped answering keeps the others waiting (NOTIFICATION_LEASE_MS). */
  leaseMs: number;
  log?: (line: string) => void;
  now?: () => Date;
}

/** The domain of `Name <user@domain>` or `user@domain`; the public URL's host otherwise. */
function messageIdDomain(mailFrom: string, publicUrl: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1];
  return domain && domain !== 'localhost' ? domain : new URL(publicUrl).hostname;
}

/**
 * Every server runs this; only the one holding the `notifications` lease works. Each run writes
 * the reminders due now (computed from the data, so a server that was down catches up) and sends
 * the outbox. A server that dies stops renewing the lease, and another takes over once it expires.
 */
export function startNotificationLoop({
  db,
  mailer,
  publicUrl,
  mailFrom,
  everyMs,
  leaseMs,
  log,
  now = () => new Date(),
}: NotificationLoopOptions) {
  // Readable in the leases table: which machine and process is sending.
  const holder = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const delivery = createDelivery({
    db,
    mailer,
    publicUrl,
    messageIdDomain: messageIdDomain(mailFrom, publicUrl),
    holder,
    leaseMs,
    log,
  });
  let running: Promise<void> | null = null;
  const runOnce = async () => {
    try {
      if (!(await acquireLease(db, deliveryLease, holder, leaseMs, now()))) return;
      await writeDueReminders(db, now());
      await delivery.deliver(now);
    } catch (error) {
      log?.(`Notifications run failed, tried again shortly: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const tick = () => {
    // One run at a time in a process.
    running ??= runOnce().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  void tick();
  return {
    holder,
    tick,
    /** Stops, and hands the lease over at once so another server sends without waiting for it to expire. */
    async stop() {
      clearInterval(timer);
      await running;
      await delivery.release().catch(() => undefined);
    },
  };
}
