import { randomUUID } from 'node:crypto';
import { processInboundMails } from '@naav/api/server';
import type { Database } from '@naav/db';

/**
 * Reads forwarded mail from the database every `everyMs`, and at once when this server stored
 * one (`kick`). Every server runs it: each mail is claimed by one of them (one UPDATE).
 */
export function startInboundMailLoop({ db, everyMs }: { db: Database; everyMs: number }) {
  const holder = `inbound-${randomUUID()}`;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = processInboundMails(db, holder)
      .then(
        () => undefined,
        (error: unknown) => console.error('Forwarded mail:', error),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
