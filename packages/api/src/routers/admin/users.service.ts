import type { Database } from '@naav/db';
import { session, twoFactor, user, type UserRole } from '@naav/db/schema';
import { and, asc, eq, gt, isNotNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { auditInsert } from '../../lib/audit';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { AdminUser } from './admin.schemas';

/** Who is doing it and from where, for the audit log. */
export interface AuditedActor {
  actor: Actor;
  clientAddress: string;
}

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
  deactivatedAt: user.deactivatedAt,
  createdAt: user.createdAt,
  lastSeenAt: max(session.updatedAt),
};

type Row = { deactivatedAt: Date | null; lastSeenAt: Date | number | null } & Omit<AdminUser, 'active' | 'lastSeenAt'>;

const toAdminUser = ({ deactivatedAt, lastSeenAt, ...rest }: Row): AdminUser => ({
  ...rest,
  active: deactivatedAt === null,
  // max() of a timestamp column comes back as the stored number.
  lastSeenAt: lastSeenAt === null ? null : new Date(lastSeenAt),
});

const selectUsers = (db: Database, where: SQL | undefined) =>
  db
    .select(columns)
    .from(user)
    .leftJoin(session, eq(session.userId, user.id))
    .where(where)
    .groupBy(user.id)
    .orderBy(asc(user.name), asc(user.id));

/** A page of every account by name, matching `q` in the name or the address. */
export async function listUsers(
  db: Database,
  input: { q?: string; cursor?: string; limit: number },
): Promise<{ items: AdminUser[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  if (input.q) {
    const pattern = `%${input.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      sql`lower(${user.name}) like ${pattern} escape '\\'`,
      sql`lower(${user.email}) like ${pattern} escape '\\'`,
    );
    if (match) conditions.push(match);
  }
  if (input.cursor) {
    const [name, id] = decodeCursor(input.cursor, (key) =>
      key.length === 2 && typeof key[0] === 'string' && typeof key[1] === 'string' ? [key[0], key[1]] : null,
    );
    const after = or(gt(user.name, name), and(eq(user.name, name), gt(user.id, id)));
    if (after) conditions.push(after);
  }
  const rows = await selectUsers(db, and(...conditions)).limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    nextCursor: rows.length > input.limit && last ? encodeCursor([last.name, last.id]) : null,
  };
}

async function adminUserById(db: Database, id: string): Promise<AdminUser> {
  const [row] = await selectUsers(db, eq(user.id, id));
  if (!row) throw new NotFoundError('User');
  return toAdminUser(row);
}

/**
 * Changes a person's role, or deactivates or reactivates them. Deactivating deletes every
 * session in the same batch: each request and each live stream on every server reads the
 * session row, so they end at once. An admin cannot change their own role or deactivate
 * themselves, so there is always an admin left.
 */
export async function updateUser(
  db: Database,
  { actor, clientAddress }: AuditedActor,
  input: { id: string; role?: UserRole; active?: boolean },
  now: Date,
): Promise<AdminUser> {
  const current = await adminUserById(db, input.id);
  if (input.id === actor.id && input.role !== undefined && input.role !== current.role)
    throw new ValidationError('role', 'You cannot change your own role: ask another administrator');
  if (input.id === actor.id && input.active === false)
    throw new ValidationError('active', 'You cannot deactivate yourself: ask another administrator');
  const writes = [];
  const event = (action: 'user.role-changed' | 'user.deactivated' | 'user.reactivated', summary: string) =>
    auditInsert(db, { actor, targetId: current.id, action, clientAddress, summary, at: now });
  if (input.role !== undefined && input.role !== current.role) {
    writes.push(
      db.update(user).set({ role: input.role, updatedAt: now }).where(eq(user.id, current.id)),
      event('user.role-changed', `${current.email}: role ${current.role} → ${input.role}`),
    );
    // A client has no clients of their own.
    if (input.role === 'client')
      writes.push(db.update(user).set({ agentId: null }).where(eq(user.agentId, current.id)));
  }
  if (input.active === false && current.active) {
    writes.push(
      db.update(user).set({ deactivatedAt: now, updatedAt: now }).where(eq(user.id, current.id)),
      db.delete(session).where(eq(session.userId, current.id)),
      event('user.deactivated', `${current.email} deactivated: every session ended`),
    );
  }
  if (input.active === true && !current.active) {
    writes.push(
      db
        .update(user)
        .set({ deactivatedAt: null, updatedAt: now })
        .where(and(eq(user.id, current.id), isNotNull(user.deactivatedAt))),
      event('user.reactivated', `${current.email} reactivated`),
    );
  }
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
  return adminUserById(db, current.id);
}

/** Turns a person's two-factor sign-in off (their authenticator and recovery codes are forgotten): they set it up again. */
export async function resetTwoFactor(db: Database, { actor, clientAddress }: AuditedActor, id: string, now: Date) {
  const current = await adminUserById(db, id);
  await db.batch([
    db.delete(twoFactor).where(eq(twoFactor.userId, id)),
    db.update(user).set({ twoFactorEnabled: false, updatedAt: now }).where(eq(user.id, id)),
    auditInsert(db, {
      actor,
      targetId: id,
      action: 'two-factor.reset',
      clientAddress,
      summary: `${current.email}: two-factor sign-in reset${current.twoFactorEnabled ? '' : ' (it was off)'}`,
      at: now,
    }),
  ]);
  return adminUserById(db, id);
}
