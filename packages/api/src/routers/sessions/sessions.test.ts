import type { Database } from '@naav/db';
import { session } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../../testing';
import { describeUserAgent } from './sessions.service';

const NOW = new Date('2026-03-10T09:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const agents = {
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

async function addSession(
  db: Database,
  id: string,
  userId: string,
  userAgent: string | null,
  { created = -60, seen = -1, ends = 60 * 23 } = {},
) {
  await db.insert(session).values({
    id,
    token: `token-${id}`,
    userId,
    userAgent,
    ipAddress: '203.0.113.7',
    createdAt: minutes(created),
    updatedAt: minutes(seen),
    expiresAt: minutes(ends),
  });
}

async function setUp() {
  const db = await createSeededDatabase(NOW);
  await addSession(db, 's-here', actors.traveller.id, agents.firefoxMac, { seen: -1 });
  await addSession(db, 's-phone', actors.traveller.id, agents.chromeAndroid, { seen: 0 });
  await addSession(db, 's-tablet', actors.traveller.id, agents.safariIpad, { seen: -30 });
  await addSession(db, 's-ended', actors.traveller.id, agents.firefoxMac, { ends: -1 });
  await addSession(db, 's-other', actors.traveller2.id, agents.firefoxMac);
  const me = callerFor(db, { ...actors.traveller, sessionId: 's-here' }, () => NOW);
  return { db, me };
}

describe('describeUserAgent', () => {
  it('names the browser with its major version, the system and the kind of device', () => {
    expect(describeUserAgent(agents.firefoxMac)).toEqual({
      browser: 'Firefox 128',
      os: 'macOS Catalina',
      device: 'desktop',
    });
    expect(describeUserAgent(agents.chromeAndroid)).toEqual({
      browser: 'Chrome 126',
      os: 'Android 14',
      device: 'mobile',
    });
    expect(describeUserAgent(agents.safariIpad)).toEqual({ browser: 'Safari 17', os: 'iOS 17.5', device: 'tablet' });
    expect(describeUserAgent('curl/8.5.0')).toMatchObject({ os: null, device: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: null });
  });
});

describe('sessions', () => {
  it("lists the user's sessions that have not ended: this one first and marked, then the most recently seen", async () => {
    const { me } = await setUp();
    const list = await me.sessions.list();
    expect(list.map((s) => [s.id, s.current])).toEqual([
      ['s-here', true],
      ['s-phone', false],
      ['s-tablet', false],
    ]);
    expect(list[1]).toEqual({
      id: 's-phone',
      browser: 'Chrome 126',
      os: 'Android 14',
      device: 'mobile',
      ipAddress: '203.0.113.7',
      createdAt: minutes(-60).toISOString(),
      lastSeenAt: NOW.toISOString(),
      expiresAt: minutes(60 * 23).toISOString(),
      current: false,
    });
  });

  it("revokes one of the user's sessions; someone else's, or one that does not exist, is NOT_FOUND", async () => {
    const { db, me } = await setUp();
    expect(await me.sessions.revoke({ id: 's-phone' })).toEqual({ id: 's-phone', revoked: true });
    expect((await me.sessions.list()).map((s) => s.id)).toEqual(['s-here', 's-tablet']);
    expect((await errorOf(me.sessions.revoke({ id: 's-other' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(me.sessions.revoke({ id: 's-phone' }))).code).toBe('NOT_FOUND');
    expect(await db.select({ id: session.id }).from(session).where(eq(session.id, 's-other'))).toHaveLength(1);
  });

  it("signs out everywhere: every one of the user's sessions ends, nobody else's", async () => {
    const { db, me } = await setUp();
    expect(await me.sessions.revokeAll()).toEqual({ revoked: 4 });
    expect(await db.select({ id: session.id }).from(session)).toEqual([{ id: 's-other' }]);
  });
});
