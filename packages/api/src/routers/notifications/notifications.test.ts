import type { Database } from '@naav/db';
import { changeFeed, notifications, notificationSettings } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../context';
import { noticeInsert, type Notice } from '../../lib/notify';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';

const NOW = new Date('2026-03-10T09:00:00Z');
const inbox = (db: Database, who: Actor = actors.traveller) => callerFor(db, who, () => NOW).notifications;

/** `n` notices for the traveller, one a minute, the last the newest; numbered from 1. */
async function written(db: Database, n: number, kind: Notice['kind'] = 'proposal_new') {
  for (let i = 1; i <= n; i += 1) {
    await db.batch([noticeInsert(db, [{ userId: 'user-traveller', kind, title: `Notice ${i}`, link: `/n/${i}` }])]);
    await db
      .update(notifications)
      .set({ createdAt: new Date(NOW.getTime() - (n - i) * 60_000) })
      .where(eq(notifications.title, `Notice ${i}`));
  }
}

describe('the inbox', () => {
  it('lists my notices newest first, 20 a page, with the unread count on every page', async () => {
    const db = await createSeededDatabase(NOW);
    await written(db, 25);
    const first = await inbox(db).list({});
    expect(first.items.map((n) => n.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Notice ${25 - i}`));
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      kind: 'proposal_new',
      title: 'Notice 25',
      body: '',
      link: '/n/25',
      readAt: null,
      createdAt: NOW,
    });
    expect(first.unread).toBe(25);
    const second = await inbox(db).list({ cursor: first.nextCursor! });
    expect(second.items.map((n) => n.title)).toEqual(['Notice 5', 'Notice 4', 'Notice 3', 'Notice 2', 'Notice 1']);
    expect(second).toMatchObject({ unread: 25, nextCursor: null });
    // Someone else's inbox is their own.
    expect(await inbox(db, actors.traveller2).list({})).toEqual({ items: [], unread: 0, nextCursor: null });
  });

  it('refuses a cursor it did not give, naming the field', async () => {
    const db = await createSeededDatabase(NOW);
    const error = await errorOf(inbox(db).list({ cursor: 'not-a-cursor' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain('cursor');
  });

  it('marks one read (and the count drops), all read, and answers NOT_FOUND for a notice of someone else', async () => {
    const db = await createSeededDatabase(NOW);
    await written(db, 3);
    const [newest] = (await inbox(db).list({})).items;
    const read = await inbox(db).read({ id: newest!.id });
    expect(read).toMatchObject({ id: newest!.id, readAt: NOW });
    expect((await inbox(db).list({})).unread).toBe(2);
    // Reading again keeps the first reading.
    const later = callerFor(db, actors.traveller, () => new Date(NOW.getTime() + 60_000)).notifications;
    expect((await later.read({ id: newest!.id })).readAt).toEqual(NOW);
    expect((await errorOf(inbox(db, actors.traveller2).read({ id: newest!.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(inbox(db).read({ id: 'no-such-notice' }))).code).toBe('NOT_FOUND');
    expect(await inbox(db, actors.traveller2).readAll({})).toEqual({ read: 0 });
    expect((await inbox(db).list({})).unread).toBe(2);
    expect(await inbox(db).readAll({})).toEqual({ read: 2 });
    const after = await inbox(db).list({});
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.readAt !== null)).toBe(true);
  });

  it("tells the person's open inboxes live: a notice written, one read, all read", async () => {
    const db = await createSeededDatabase(NOW);
    const live = async () =>
      (await db.select().from(changeFeed).where(eq(changeFeed.topic, 'notices:user-traveller'))).length;
    await written(db, 2);
    expect(await live()).toBe(2);
    const [newest] = (await inbox(db).list({})).items;
    await inbox(db).read({ id: newest!.id });
    await inbox(db).read({ id: newest!.id });
    expect(await live()).toBe(3);
    await inbox(db).readAll({});
    expect(await live()).toBe(4);
  });

  it('leaves out the kinds the person keeps out of their inbox (settings), and shows them again when turned back on', async () => {
    const db = await createSeededDatabase(NOW);
    await written(db, 2, 'trip_changes');
    await written(db, 1, 'proposal_new');
    const off = JSON.stringify({ trip_changes: { inbox: false, email: 'digest' } });
    await db.insert(notificationSettings).values({ userId: 'user-traveller', channels: off });
    const list = await inbox(db).list({});
    expect(list.items.map((n) => n.kind)).toEqual(['proposal_new']);
    expect(list.unread).toBe(1);
    await db
      .update(notificationSettings)
      .set({ channels: JSON.stringify({ trip_changes: { inbox: true, email: 'off' } }) })
      .where(eq(notificationSettings.userId, 'user-traveller'));
    expect((await inbox(db).list({})).unread).toBe(3);
  });
});
