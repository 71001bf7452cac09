import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '@naav/db';
import { account, invitations, user, type UserRole } from '@naav/db/schema';
import { roleLabels } from '@naav/schemas/roles';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AccountServices, Actor } from '../../context';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { auditInsert } from '../../lib/audit';

/** How long an invitation link works. */
const invitationDays = 7;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const existingAccount = async (db: Database, email: string) => {
  const [row] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  return row;
};

/**
 * Invites `email` to join as `role` and mails them the link. Only the newest invitation to an
 * address works: sending another replaces the ones not yet taken. `invitedBy` is null for the
 * command line and ADMIN_EMAILS.
 */
export async function createInvitation(
  db: Database,
  accounts: Pick<AccountServices, 'sendInvitation'>,
  by: { actor: Actor | null; clientAddress: string | null },
  input: { email: string; role: UserRole },
  now: Date,
): Promise<{ id: string; email: string; role: UserRole; expiresAt: Date }> {
  const email = input.email.trim().toLowerCase();
  if (await existingAccount(db, email))
    throw new ValidationError('email', 'This address already has an account: change its role under Users instead');
  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + invitationDays * 24 * 60 * 60 * 1000);
  await db.batch([
    db.delete(invitations).where(and(eq(invitations.email, email), isNull(invitations.acceptedAt))),
    db.insert(invitations).values({
      id,
      tokenHash: hashOf(token),
      email,
      role: input.role,
      invitedBy: by.actor?.id ?? null,
      createdAt: now,
      expiresAt,
    }),
    auditInsert(db, {
      actor: by.actor,
      targetId: id,
      action: 'invitation.sent',
      clientAddress: by.clientAddress,
      summary: `${email} invited as ${roleLabels[input.role].toLowerCase()}`,
      at: now,
    }),
  ]);
  await accounts.sendInvitation({ email, role: input.role, token, invitedBy: by.actor?.name ?? null, expiresAt });
  return { id, email, role: input.role, expiresAt };
}

const openInvitation = async (db: Database, token: string, now: Date) => {
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(
      and(eq(invitations.tokenHash, hashOf(token)), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)),
    );
  // Used, expired, replaced or made up: all the same to the caller.
  if (!row) throw new NotFoundError('Invitation');
  return row;
};

/** What an invitation link is for, while it works. */
export async function describeInvitation(db: Database, token: string, now: Date) {
  const { email, role, expiresAt } = await openInvitation(db, token, now);
  return { email, role, expiresAt };
}

/**
 * Takes an invitation: makes the account (its address counts as confirmed: the link reached it)
 * with the password given, once. The server then signs the new account in.
 */
export async function acceptInvitation(
  db: Database,
  accounts: Pick<AccountServices, 'hashPassword' | 'isCommonPassword'>,
  token: string,
  input: { name: string; password: string },
  clientAddress: string | null,
  now: Date,
): Promise<{ userId: string; email: string; role: UserRole }> {
  const invitation = await openInvitation(db, token, now);
  if (await existingAccount(db, invitation.email))
    throw new ConflictError('This address already has an account: sign in instead');
  if (await accounts.isCommonPassword(input.password))
    throw new ValidationError('password', 'this password is one of the most common ones; choose another');
  const hash = await accounts.hashPassword(input.password);
  // Single use: only the first of two simultaneous calls takes it.
  const [taken] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  if (!taken) throw new NotFoundError('Invitation');
  const userId = randomUUID();
  await db.batch([
    db.insert(user).values({
      id: userId,
      name: input.name,
      email: invitation.email,
      emailVerified: true,
      role: invitation.role,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(account).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: hash,
      createdAt: now,
      updatedAt: now,
    }),
    auditInsert(db, {
      actor: { id: userId, email: invitation.email },
      targetId: invitation.id,
      action: 'invitation.accepted',
      clientAddress,
      summary: `${invitation.email} joined as ${roleLabels[invitation.role].toLowerCase()}`,
      at: now,
    }),
  ]);
  return { userId, email: invitation.email, role: invitation.role };
}

/**
 * The first admin (`pnpm naav admin create`, ADMIN_EMAILS): an existing account becomes an
 * admin; an address with none is invited as one by mail (again with `resend`, otherwise only
 * when no invitation is waiting, so a restart with ADMIN_EMAILS sends nothing new). Answers what it did.
 */
export async function ensureAdmin(
  db: Database,
  accounts: Pick<AccountServices, 'sendInvitation'>,
  email: string,
  { now = new Date(), resend = false }: { now?: Date; resend?: boolean } = {},
): Promise<'already' | 'promoted' | 'invited' | 'pending'> {
  const address = email.trim().toLowerCase();
  const existing = await existingAccount(db, address);
  if (existing?.role === 'admin') return 'already';
  if (existing) {
    await db.batch([
      db.update(user).set({ role: 'admin', updatedAt: now }).where(eq(user.id, existing.id)),
      auditInsert(db, {
        targetId: existing.id,
        action: 'user.admin-created',
        summary: `${address}: role ${existing.role} → admin (from the command line or ADMIN_EMAILS)`,
        at: now,
      }),
    ]);
    return 'promoted';
  }
  const [pending] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.email, address),
        eq(invitations.role, 'admin'),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    );
  if (pending && !resend) return 'pending';
  await createInvitation(db, accounts, { actor: null, clientAddress: null }, { email: address, role: 'admin' }, now);
  return 'invited';
}
