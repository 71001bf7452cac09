import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';

/**
 * The notices people are told (the inbox) and the outbox their e-mail is sent from. A row is
 * written in the same `db.batch` as the change that causes it (packages/api/src/lib/notify.ts),
 * so a failed change leaves no notice. Time-based reminders carry a `dedupeKey`
 * (`checkin:<eventId>`…): the unique index makes a second server's or a second run's insert a no-op.
 *
 * E-mail delivery (apps/server) claims a row by setting `emailState` from `pending` to
 * `sending:<server>:<attempt>` in one statement, and marks it `sent` once the mail is accepted;
 * the mail's Message-ID derives from the row's id, so a retry after a crash is recognisable.
 * `emailState` is `none` when the person's settings send no mail for the kind, `digest` while it
 * waits for the daily digest, `held` while quiet hours hold it.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    link: text().notNull(),
    dedupeKey: text(),
    createdAt: timestampNow(),
    readAt: integer({ mode: 'timestamp_ms' }),
    emailState: text().notNull().default('pending'),
    emailAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_email_idx').on(t.emailState).where(sql`"emailState" <> 'sent' AND "emailState" <> 'none'`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
);

/**
 * A person's choices: `channels` is JSON `{<kind>: {inbox, email}}` for the kinds they changed
 * (the rest take the defaults in @naav/schemas/notifications); `quietHours` is JSON
 * `{start, end}` ("22:00", "07:00") in `timeZone`, or null. `unsubscribeSecret` signs the
 * one-click unsubscribe links of their mail.
 */
export const notificationSettings = sqliteTable('notification_settings', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  channels: text().notNull().default('{}'),
  quietHours: text(),
  timeZone: text(),
  unsubscribeSecret: text()
    .notNull()
    .$defaultFn(() => crypto.randomUUID()),
});
