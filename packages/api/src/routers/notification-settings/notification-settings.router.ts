import { publicProcedure, router } from '../../trpc';
import {
  notificationSettingsInput,
  notificationSettingsOutput,
  unsubscribeInput,
  unsubscribeOutput,
} from './notification-settings.schemas';
import { getNotificationSettings, saveNotificationSettings, unsubscribe } from './notification-settings.service';
import { readMine, rest, write } from '../../lib/procedures';

export const notificationSettingsRouter = router({
  get: readMine(notificationSettingsOutput, getNotificationSettings).at(
    rest('GET /notification-settings', 'notifications', 'What I am told, on which channel, and my quiet hours'),
  ),

  save: write(notificationSettingsInput, notificationSettingsOutput, saveNotificationSettings).at(
    rest('PUT /notification-settings', 'notifications', 'Replace my notification settings'),
  ),

  // Answered over HTTP by apps/server/src/routes/unsubscribe.ts (a mail client posts a form body,
  // a person following the link gets a page), which calls this procedure.
  unsubscribe: publicProcedure
    .input(unsubscribeInput)
    .output(unsubscribeOutput)
    .mutation(({ ctx, input }) => unsubscribe(ctx.db, input.token)),
});
