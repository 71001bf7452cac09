import { notificationSettingsSchema } from '@naav/schemas/notifications';
import { z } from 'zod';

export { notificationSettingsInput } from '@naav/schemas/notifications';

/** What `GET /api/notification-settings` answers: every kind, and the zone quiet hours are read in (null: UTC). */
export const notificationSettingsOutput = notificationSettingsSchema.extend({
  timeZone: z.string().nullable(),
});
export type NotificationSettingsOutput = z.infer<typeof notificationSettingsOutput>;

/** `POST /api/notifications/unsubscribe?token=…`: the token of the mail's link. */
export const unsubscribeInput = z.object({ token: z.string().min(1).max(300) });

export const unsubscribeOutput = z.object({
  kind: z.string(),
  label: z.string(),
  email: z.literal('off'),
});
