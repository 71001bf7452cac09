import { notifications } from '@naav/db/schema';
import { defaultChannels, notificationKinds } from '@naav/schemas/notifications';
import { describe, expect, it } from 'vitest';
import { actors, createSeededDatabase } from '../testing';
import { noticeInsert } from './notify';

describe('noticeInsert', () => {
  it('writes a notice once per dedupe key, however often the same reminder is computed', async () => {
    const db = await createSeededDatabase();
    const reminder = {
      userId: actors.traveller.id,
      kind: 'flight_checkin' as const,
      title: 'Check-in opens for NH 204',
      link: '/trips/t1',
      dedupeKey: 'checkin:e1',
    };
    await db.batch([noticeInsert(db, [reminder])]);
    await db.batch([noticeInsert(db, [reminder, { ...reminder, dedupeKey: undefined, title: 'Another' }])]);
    const rows = await db.select().from(notifications);
    expect(rows.map((r) => [r.title, r.emailState, r.readAt])).toEqual([
      ['Check-in opens for NH 204', 'pending', null],
      ['Another', 'pending', null],
    ]);
  });

  it('has a default channel choice for every kind', () => {
    expect(Object.keys(defaultChannels).sort()).toEqual([...notificationKinds].sort());
  });
});
