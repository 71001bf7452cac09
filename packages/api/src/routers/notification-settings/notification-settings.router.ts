import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import {
  notificationSettingsInput,
  notificationSettingsOutput,
  unsubscribeInput,
  unsubscribeOutput,
} from './notification-settings.schemas';
import { getNotificationSettings, saveNotificationSettings, unsubscribe } from './notification-settings.service';
import { rest } from '../../lib/procedures';

export const notificationSettingsRouter = router({
  get: authedProcedure
    .meta(rest('GET /notification-settings', 'notifications', 'What I am told, on which channel, and my quiet hours'))
    .input(z.void())
    .output(notificationSettingsOutput)
    .query(({ ctx }) => getNotificationSettings(ctx.db, ctx.actor)),

  save: authedProcedure
    .meta(rest('PUT /notification-settings', 'notifications', 'Replace my notification settings'))
    .input(notificationSettingsInput)
    .output(notificationSettingsOutput)
    .mutation(({ ctx, input }) => saveNotificationSettings(ctx.db, ctx.actor, input)),

  // Answered over HTTP by apps/server/src/routes/unsubscribe.ts (a mail client posts a form body,
  // a person following the link gets a page), which calls this procedure.
  unsubscribe: publicProcedure
    .input(unsubscribeInput)
    .output(unsubscribeOutput)
    .mutation(({ ctx, input }) => unsubscribe(ctx.db, input.token)),
});
