import { notificationSchema } from '@naav/schemas/notifications';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { noticeIdInput, noticeListInput, noticeListSchema, readAllSchema } from './notifications.schemas';
import { listNotices, readAllNotices, readNotice } from './notifications.service';
import { read, rest } from '../../lib/procedures';

// The fixed path (/notifications/read-all) comes before /notifications/{id}/read: the REST adapter takes the first match.
export const notificationsRouter = router({
  list: read(noticeListInput, noticeListSchema, listNotices).at(
    rest(
      'GET /notifications',
      'notifications',
      'My inbox: notices newest first, 20 a page (cursor), with the unread count',
    ),
  ),

  readAll: authedProcedure
    .meta(rest.recorded('POST /notifications/read-all', 'notifications', 'Mark every notice of mine read'))
    .input(z.object({}))
    .output(readAllSchema)
    .mutation(({ ctx }) => readAllNotices(ctx.db, ctx.actor, ctx.now())),

  read: authedProcedure
    .meta(rest.recorded('POST /notifications/{id}/read', 'notifications', 'Mark one notice of mine read'))
    .input(noticeIdInput)
    .output(notificationSchema)
    .mutation(({ ctx, input }) => readNotice(ctx.db, ctx.actor, input.id, ctx.now())),
});
