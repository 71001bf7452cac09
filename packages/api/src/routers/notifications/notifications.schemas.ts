import { notificationSchema } from '@naav/schemas/notifications';
import { z } from 'zod';
import { id, nextCursor, pageCursor } from '../../lib/schemas';

export const noticeListInput = z.object({
  /** The `nextCursor` of the page before: the notices older than its last one. */
  cursor: pageCursor.optional(),
});
export type NoticeListInput = z.infer<typeof noticeListInput>;

export const noticeListSchema = z.object({
  /** Newest first, 20 a page; only the kinds the person keeps in their inbox (their settings). */
  items: z.array(notificationSchema),
  /** How many of those are unread, on every page. */
  unread: z.number().int(),
  /** Send it as `cursor` for the older notices; null after the last. */
  nextCursor,
});
export type NoticeList = z.infer<typeof noticeListSchema>;

export const noticeIdInput = z.object({ id });

export const readAllSchema = z.object({
  /** How many notices this marked read (those already read are left as they were). */
  read: z.number().int(),
});
