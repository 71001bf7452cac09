import type { Database } from '@naav/db';
import { account, passkey } from '@naav/db/schema';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Actor } from '../context';

/** How an account can sign in: with a password of its own, and with a passkey. */
export interface SignInMeans {
  password: boolean;
  passkey: boolean;
}

/** The actor's sign-in means: as its session read them, else from the database. */
export async function signInMeansOf(db: Database, actor: Pick<Actor, 'id' | 'signInMeans'>): Promise<SignInMeans> {
  if (actor.signInMeans) return actor.signInMeans;
  const userId = actor.id;
  const [withPassword] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), isNotNull(account.password)))
    .limit(1);
  const [withPasskey] = await db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId)).limit(1);
  return { password: withPassword !== undefined, passkey: withPasskey !== undefined };
}

/**
 * Whether the actor's sign-in has a second factor, as AGENT_2FA=required asks of agents:
 * two-factor sign-in is on (after the password, a code or a passkey), or the account has no
 * password (single sign-on only) and has a passkey. Such an account signs in through its
 * organisation's provider, whose own second factor applies, or with the passkey itself.
 */
export const hasSecondFactor = (actor: Pick<Actor, 'twoFactorEnabled'>, means: SignInMeans) =>
  actor.twoFactorEnabled === true || (!means.password && means.passkey);
