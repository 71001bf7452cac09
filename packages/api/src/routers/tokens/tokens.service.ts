import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@naav/db';
import { actorColumns, apiTokens, user } from '@naav/db/schema';
import { tokenPrefix, type CreateTokenInput } from '@naav/schemas/tokens';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import type { ApiToken } from './tokens.schemas';

/** A user may keep this many tokens at once. */
const maxTokensPerUser = 50;
/** "Last used" is written at most this often per token, not on every request. */
const touchEveryMs = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type Row = typeof apiTokens.$inferSelect;
const toApiToken = (row: Row, now: Date): ApiToken => ({
  id: row.id,
  name: row.name,
  hint: `${row.hint}…`,
  scopes: row.scopes as ApiToken['scopes'],
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  lastUsedAddress: row.lastUsedAddress,
  createdAt: row.createdAt.toISOString(),
  expired: row.expiresAt !== null && row.expiresAt <= now,
});

/** Makes a token for the actor: 256 random bits after the `naav_` prefix, kept only as a hash. */
export async function createToken(db: Database, actor: Actor, input: CreateTokenInput, now: Date) {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new ValidationError('expiresAt', 'must be in the future');
  const mine = await db.$count(apiTokens, eq(apiTokens.userId, actor.id));
  if (mine >= maxTokensPerUser)
    throw new ValidationError('name', `You have ${maxTokensPerUser} tokens: revoke one you no longer use first`);
  const token = `${tokenPrefix}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: actor.id,
      name: input.name,
      tokenHash: hashOf(token),
      hint: token.slice(0, tokenPrefix.length + 4),
      scopes: [...new Set(input.scopes)],
      expiresAt,
      createdAt: now,
    })
    .returning();
  return { ...toApiToken(row!, now), token };
}

/** The actor's tokens, newest first (expired ones too, marked, until revoked). */
export async function listTokens(db: Database, actor: Actor, now: Date): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, actor.id))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => toApiToken(row, now));
}

/** Revokes one of the actor's tokens: the next request with it is refused, on every server. */
export async function revokeToken(db: Database, actor: Actor, id: string): Promise<{ id: string; revoked: true }> {
  const [row] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.id)))
    .returning({ id: apiTokens.id });
  if (!row) throw new NotFoundError('Token');
  return { id: row.id, revoked: true };
}

/** Reads one row as its values in column order (@naav/db's PreparedReader, whose statements are compiled once). */
interface RowReader {
  first(sql: string, args: string[]): Promise<unknown[] | undefined>;
}

/** The SQL of the token lookup (one indexed read of the token and its owner), built once per database. */
const lookups = new WeakMap<Database, string>();
const lookupOf = (db: Database) => {
  let text = lookups.get(db);
  if (text === undefined) {
    text = db
      .select({
        id: apiTokens.id,
        scopes: apiTokens.scopes,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
        lastUsedAddress: apiTokens.lastUsedAddress,
        ...actorColumns,
      })
      .from(apiTokens)
      .innerJoin(user, eq(user.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
      .toSQL().sql;
    lookups.set(db, text);
  }
  return text;
};

/**
 * The actor a Bearer token stands for (its owner, narrowed by its scopes), or null when it is
 * unknown, revoked or expired. Read from the database on every request (nothing is cached), so
 * a revocation on any server refuses the next request on every server. Records when and from
 * where it was used (at most once a minute).
 */
export async function actorForToken(
  db: Database,
  reader: RowReader,
  token: string,
  { now, address }: { now: Date; address: string },
): Promise<Actor | null> {
  if (!token.startsWith(tokenPrefix) || token.length > 200) return null;
  const row = await reader.first(lookupOf(db), [hashOf(token)]);
  if (!row) return null;
  const [id, scopes, expiresAt, lastUsedAt, lastUsedAddress, userId, name, email, role, emailVerified, twoFactor] =
    row as [
      string,
      string,
      number | null,
      number | null,
      string | null,
      string,
      string,
      string,
      string,
      number,
      number,
    ];
  if (expiresAt !== null && expiresAt <= now.getTime()) return null;
  const stale = lastUsedAt === null || now.getTime() - lastUsedAt >= touchEveryMs;
  if (stale || lastUsedAddress !== address) {
    await db.update(apiTokens).set({ lastUsedAt: now, lastUsedAddress: address }).where(eq(apiTokens.id, id));
  }
  return {
    id: userId,
    name,
    email,
    role: role === 'agent' ? 'agent' : 'client',
    emailVerified: emailVerified === 1,
    twoFactorEnabled: twoFactor === 1,
    token: { id, scopes: JSON.parse(scopes) as string[] },
  };
}
