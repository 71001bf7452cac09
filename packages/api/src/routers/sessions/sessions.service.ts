import type { Database } from '@naav/db';
import { session } from '@naav/db/schema';
import Bowser from 'bowser';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import type { Session } from './sessions.schemas';

const devices = new Set(['desktop', 'mobile', 'tablet'] as const);
type Device = Session['device'];

/** Browser, system and kind of device from a user agent string (bowser's tables). */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  os: string | null;
  device: Device;
} {
  if (!userAgent) return { browser: null, os: null, device: null };
  const { browser, os, platform } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const osVersion = os.versionName ?? os.version;
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    os: os.name ? [os.name, osVersion].filter(Boolean).join(' ') : null,
    device: devices.has(platform.type as NonNullable<Device>) ? (platform.type as Device) : null,
  };
}

/** The actor's sessions that have not ended, the current one first, then the most recently seen. */
export async function listSessions(db: Database, actor: Actor, now: Date): Promise<Session[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      lastSeenAt: session.updatedAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(and(eq(session.userId, actor.id), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.createdAt));
  return rows
    .map(({ userAgent, ipAddress, createdAt, lastSeenAt, expiresAt, id }) => ({
      id,
      ...describeUserAgent(userAgent),
      ipAddress: ipAddress || null,
      createdAt: createdAt.toISOString(),
      lastSeenAt: lastSeenAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
      current: id === actor.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the actor's sessions (on every server at once: each request reads the row). */
export async function revokeSession(db: Database, actor: Actor, id: string): Promise<{ id: string; revoked: true }> {
  const [row] = await db
    .delete(session)
    .where(and(eq(session.id, id), eq(session.userId, actor.id)))
    .returning({ id: session.id });
  if (!row) throw new NotFoundError('Session');
  return { id: row.id, revoked: true };
}

/** Sign out everywhere: every session of the actor ends, this one included. */
export async function revokeAllSessions(db: Database, actor: Actor): Promise<{ revoked: number }> {
  const rows = await db.delete(session).where(eq(session.userId, actor.id)).returning({ id: session.id });
  return { revoked: rows.length };
}
