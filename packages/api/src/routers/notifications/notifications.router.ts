import { notificationSchema } from '@naav/schemas/notifications';
import { z } from 'zod';
import { router } from '../../trpc';
import { noticeIdInput, noticeListInput, noticeListSchema, readAllSchema } from './notifications.schemas';
import { listNotices, readAllNotices, readNotice } from './notifications.service';
import { read, rest, write } from '../../lib/procedures';

// The fixed path (/notifications/read-all) comes before /notifications/{id}/read: the REST adapter takes the first match.
export const notificationsRouter = router({
  list: read(noticeListInput, noticeListSchema, listNotices).at(
    rest(
      'GET /notifications',
      'notifications',
      'My inbox: notices newest first, 20 a page (cursor), with the unread count',
    ),
  ),

  readAll: write(z.object({}), readAllSchema, (db, actor, _input, now) => readAllNotices(db, actor, now)).at(
    rest.recorded('POST /notifications/read-all', 'notifications', 'Mark every notice of mine read'),
  ),

  read: write(noticeIdInput, notificationSchema, (db, actor, input, now) => readNotice(db, actor, input.id, now)).at(
    rest.recorded('POST /notifications/{id}/read', 'notifications', 'Mark one notice of mine read'),
  ),
});
