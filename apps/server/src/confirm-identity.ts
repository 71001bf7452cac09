import type { Actor } from '@naav/api';
import type { Database } from '@naav/db';
import { schema } from '@naav/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Auth } from './auth';

/**
 * Confirms a signed-in person's password (and their authenticator code when two-factor sign-in
 * is on) before something irreversible, with better-auth's own hasher and TOTP check: the code
 * goes to its verify endpoint with the request's session, which checks it and changes nothing.
 */
export function identityConfirmer(auth: Auth, db: Database) {
  return (headers: Headers) =>
    async (
      actor: Actor,
      answer: { password: string; code?: string },
    ): Promise<{ password: boolean; code: boolean }> => {
      const [credential] = await db
        .select({ hash: schema.account.password })
        .from(schema.account)
        .where(
          and(
            eq(schema.account.userId, actor.id),
            eq(schema.account.providerId, 'credential'),
            isNotNull(schema.account.password),
          ),
        );
      const ctx = await auth.$context;
      const password = credential?.hash
        ? await ctx.password.verify({ hash: credential.hash, password: answer.password })
        : false;
      if (!password || !actor.twoFactorEnabled) return { password, code: true };
      if (!answer.code) return { password, code: false };
      try {
        await auth.api.verifyTOTP({ body: { code: answer.code }, headers });
        return { password, code: true };
      } catch {
        return { password, code: false };
      }
    };
}
