import { settingsOf, unsubscribeSecretOf, unsubscribeToken, type EffectiveSettings } from '@naav/api/server';
import { acquireLease, releaseLease, type Database } from '@naav/db';
import { notifications, user } from '@naav/db/schema';
import type { NotificationKind } from '@naav/schemas/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { Mailer } from '../mail/mailer';
import { digestMessage, noticeMessage, type MailedNotice } from './messages';
import { inQuietHours, nextDigestAt, quietHoursEnd } from './schedule';

export interface DeliveryOptions {
  db: Database;
  mailer: Mailer;
  /** The app's address as people reach it (PUBLIC_URL): every link in a mail is absolute. */
  publicUrl: string;
  /** The right-hand side of every Message-ID (`<notice-id@domain>`). */
  messageIdDomain: string;
  /** This server, as holder of the delivery lease. */
  holder: string;
  /** How long the lease lasts without being renewed: how soon another server takes over from one that died. */
  leaseMs: number;
  log?: (line: string) => void;
}

/** The lease that makes one server at a time the one that sends. */
export const deliveryLease = 'notifications';

type Row = MailedNotice & { userId: string };
const returning = sql`id, userId, kind, title, body, link`;

/**
 * The outbox's sender. Only the holder of the `notifications` lease sends; each notice is
 * claimed by the statement that picks it (emailState `pending` → `sending:<holder>:<run>`), then
 * sent and marked `sent` only if the claim is still its own. A notice left `sending:` by a
 * server that died (or by an earlier run of this one) is claimed again by the next run and sent
 * with the same Message-ID, `<notice-id@domain>`: delivery is at least once at the SMTP boundary,
 * and exactly once for whoever reads it, since mail systems and programs treat a repeated
 * Message-ID as the same message.
 */
export function createDelivery({ db, mailer, publicUrl, messageIdDomain, holder, leaseMs, log }: DeliveryOptions) {
  let run = 0;
  const holdLease = (now: Date) => acquireLease(db, deliveryLease, holder, leaseMs, now);
  const recipientOf = async (userId: string) => {
    const [row] = await db
      .select({ name: user.name, email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId));
    return row;
  };
  const unsubscribeUrl = async (userId: string, kind: NotificationKind | 'digest') => {
    const token = unsubscribeToken(await unsubscribeSecretOf(db, userId), userId, kind);
    return new URL(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl).toString();
  };
  const settingsFor = async (userId: string): Promise<EffectiveSettings> =>
    (await settingsOf(db, [userId])).get(userId)!;
  /** Moves a claimed notice on, only while the claim is still ours. */
  const release = (id: string, claim: string, emailState: string, emailAt: Date | null) =>
    db
      .update(notifications)
      .set({ emailState, emailAt })
      .where(and(eq(notifications.id, id), eq(notifications.emailState, claim)));

  /**
   * Sends one message; false when the mail server refused it for good (a 5xx answer: no such
   * mailbox, say), so that one notice is marked `failed` instead of holding up every later one.
   * Anything else (the server unreachable, a 4xx) throws, and the next run tries again.
   */
  const sendOrRefused = async (message: Parameters<Mailer['send']>[0]): Promise<boolean> => {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code === undefined || code < 500 || code > 599) throw error;
      log?.(`Mail to ${message.to} refused (${code}): not sent again.`);
      return false;
    }
  };

  /** Claims the oldest notice due for a decision: new, held by quiet hours that are over, or left half-sent. */
  const claimOne = async (claim: string, now: Date): Promise<Row | undefined> => {
    const [row] = await db.all<Row>(sql`UPDATE ${notifications} SET "emailState" = ${claim}
      WHERE id = (SELECT id FROM ${notifications}
        WHERE "emailState" = 'pending'
          OR ("emailState" = 'held' AND "emailAt" <= ${now.getTime()})
          OR ("emailState" LIKE 'sending:%' AND "emailState" <> ${claim})
        ORDER BY "createdAt", id LIMIT 1)
      RETURNING ${returning}`);
    return row;
  };

  /** What the person's settings say of one notice now: sent at once, or moved on (none, digest, held). */
  const decide = async (row: Row, claim: string, now: Date): Promise<'sent' | 'moved'> => {
    const person = await recipientOf(row.userId);
    const settings = await settingsFor(row.userId);
    const email = settings.channels[row.kind]?.email ?? 'off';
    // An address nobody confirmed gets nothing: it may be someone else's.
    const moved: [string, Date | null] | null =
      !person?.verified || email === 'off'
        ? ['none', null]
        : email === 'digest'
          ? ['digest', nextDigestAt(now, settings)]
          : inQuietHours(now, settings)
            ? ['held', quietHoursEnd(now, settings)]
            : null;
    if (moved || !person) {
      await release(row.id, claim, ...(moved ?? ['none', null]));
      return 'moved';
    }
    const links = { publicUrl, unsubscribeUrl: await unsubscribeUrl(row.userId, row.kind) };
    if (!(await sendOrRefused(await noticeMessage(person, row, links, `<${row.id}@${messageIdDomain}>`)))) {
      await release(row.id, claim, 'failed', now);
      return 'moved';
    }
    await release(row.id, claim, 'sent', now);
    return 'sent';
  };

  /** Claims one person's due digest (or a digest a dead server left half-sent) as a group. */
  const claimDigest = async (claim: string, now: Date): Promise<Row[]> => {
    const stale = await db.all<Row>(sql`UPDATE ${notifications} SET "emailState" = ${claim}
      WHERE "emailState" = (SELECT "emailState" FROM ${notifications}
        WHERE "emailState" LIKE 'digesting:%' AND "emailState" <> ${claim} LIMIT 1)
      RETURNING ${returning}`);
    if (stale.length > 0) return stale;
    return db.all<Row>(sql`UPDATE ${notifications} SET "emailState" = ${claim}
      WHERE "emailState" = 'digest' AND "emailAt" <= ${now.getTime()} AND "userId" = (
        SELECT "userId" FROM ${notifications} WHERE "emailState" = 'digest' AND "emailAt" <= ${now.getTime()}
        ORDER BY "emailAt" LIMIT 1)
      RETURNING ${returning}`);
  };

  const sendDigest = async (rows: Row[], claim: string, now: Date) => {
    const userId = rows[0]!.userId;
    const person = await recipientOf(userId);
    const settings = await settingsFor(userId);
    const setAll = (emailState: string, emailAt: Date | null) =>
      db
        .update(notifications)
        .set({ emailState, emailAt })
        .where(and(eq(notifications.userId, userId), eq(notifications.emailState, claim)));
    if (!person?.verified) return setAll('none', null);
    if (inQuietHours(now, settings)) return setAll('digest', quietHoursEnd(now, settings));
    // Kinds turned off since they were gathered are left out.
    const wanted = rows.filter((r) => settings.channels[r.kind]?.email !== 'off');
    if (wanted.length > 0) {
      const first = [...wanted].sort((a, b) => (a.id < b.id ? -1 : 1))[0]!;
      const links = { publicUrl, unsubscribeUrl: await unsubscribeUrl(userId, 'digest') };
      const message = await digestMessage(person, wanted, links, `<digest-${first.id}@${messageIdDomain}>`);
      if (!(await sendOrRefused(message))) return setAll('failed', now);
    }
    await setAll('sent', now);
  };

  /**
   * One run: takes (or renews) the lease, then sends what is due until nothing is, renewing the
   * lease before each mail so a server whose lease ran out stops. Answers how many mails went out,
   * or null when another server holds the lease.
   */
  const deliver = async (now: () => Date = () => new Date()): Promise<number | null> => {
    if (!(await holdLease(now()))) return null;
    const claim = `sending:${holder}:${++run}`;
    const digestClaim = `digesting:${holder}:${run}`;
    let sent = 0;
    try {
      for (let row = await claimOne(claim, now()); row; row = await claimOne(claim, now())) {
        if ((await decide(row, claim, now())) === 'sent') sent++;
        if (!(await holdLease(now()))) return sent;
      }
      for (
        let rows = await claimDigest(digestClaim, now());
        rows.length > 0;
        rows = await claimDigest(digestClaim, now())
      ) {
        await sendDigest(rows, digestClaim, now());
        sent++;
        if (!(await holdLease(now()))) return sent;
      }
    } catch (error) {
      // The mail server or the database failed: what was claimed is claimed again by the next run.
      log?.(
        `Notification mail failed, retried on the next run: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return sent;
  };

  return { deliver, release: () => releaseLease(db, deliveryLease, holder) };
}
