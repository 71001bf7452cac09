import type { Database } from '@naav/db';
import { notifications } from '@naav/db/schema';
import type { NotificationKind } from '@naav/schemas/notifications';

/** One notice for one person: what the inbox shows and the mail says. `link` is an app path (`/proposals/…`). */
export interface Notice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body?: string;
  link: string;
  /** For notices that must exist once however often they are computed (reminders): unique per person. */
  dedupeKey?: string;
}

/**
 * The insert for `notices`, to put in the same `db.batch` as the change that causes them, so a
 * change that fails tells nobody and one that commits always does. Mail goes out later from the
 * outbox (apps/server/src/notifications); a duplicate `dedupeKey` is ignored.
 */
/** `notices` must not be empty. */
export function noticeInsert(db: Database, notices: readonly Notice[]) {
  return db
    .insert(notifications)
    .values(notices.map((n) => ({ ...n, body: n.body ?? '' })))
    .onConflictDoNothing();
}
