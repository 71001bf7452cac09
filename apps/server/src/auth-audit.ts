import type { Actor } from '@naav/api';
import { audit, type AuditEvent } from '@naav/api/server';
import { type Database, schema } from '@naav/db';
import { sql } from 'drizzle-orm';

/** The auth paths the audit log records, and whether they need the signed-in user from before the call. */
const audited: Record<string, { signedIn: boolean }> = {
  '/sign-in/email': { signedIn: false },
  '/two-factor/verify-totp': { signedIn: true },
  '/two-factor/verify-backup-code': { signedIn: false },
  '/two-factor/disable': { signedIn: true },
  '/two-factor/enable-passkey': { signedIn: true },
  '/change-password': { signedIn: true },
  '/reset-password': { signedIn: false },
  '/sign-out': { signedIn: true },
  '/passkey/verify-authentication': { signedIn: false },
  '/passkey/verify-registration': { signedIn: true },
  '/passkey/delete-passkey': { signedIn: true },
};

type Body = {
  user?: { id?: string; email?: string };
  twoFactorRedirect?: boolean;
  /** `passkey` when a passkey finished a password sign-in as its second factor (auth-passkey-factor.ts). */
  twoFactor?: string;
  code?: string;
} | null;

const readJson = async (text: string | Response): Promise<Body> => {
  try {
    return (typeof text === 'string' ? JSON.parse(text) : await text.clone().json()) as Body;
  } catch {
    return null;
  }
};

/**
 * Records sign-ins (failed ones and two-factor codes too), sign-outs, and password and two-factor
 * changes made through better-auth's paths, from the request and better-auth's answer.
 * `before` is the signed-in user as the request arrived (the session may be gone after it).
 */
export function authAuditor(db: Database) {
  const accountId = async (email: string | undefined) => {
    if (!email) return null;
    const [row] = await db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(sql`lower(${schema.user.email}) = ${email.trim().toLowerCase()}`);
    return row?.id ?? null;
  };

  return {
    /** Whether `path` is audited and needs the user signed in before the call. */
    needsActor: (path: string) => audited[path]?.signedIn === true,
    isAudited: (path: string) => path in audited,
    async record(path: string, requestBody: string, res: Response, before: Actor | null, clientAddress: string) {
      const event = (e: Omit<AuditEvent, 'clientAddress'>) => audit(db, { ...e, clientAddress });
      /** A change the signed-in person made to their own account. */
      const own = (signedIn: NonNullable<typeof before>, action: AuditEvent['action'], summary: string) =>
        event({ actor: signedIn, targetId: signedIn.id, action, summary });
      const answer = await readJson(res);
      const user = answer?.user?.id ? { id: answer.user.id, email: answer.user.email ?? '' } : null;
      switch (path) {
        case '/sign-in/email': {
          const tried = (await readJson(requestBody)) as { email?: string } | null;
          const email = typeof tried?.email === 'string' ? tried.email.trim().toLowerCase() : undefined;
          if (res.ok && answer?.twoFactorRedirect) {
            const id = await accountId(email);
            return event({
              actor: id && email ? { id, email } : null,
              targetId: id,
              action: 'sign-in',
              summary: 'password accepted; two-factor code asked',
            });
          }
          if (res.ok)
            return event({ actor: user, targetId: user?.id, action: 'sign-in', summary: 'signed in with a password' });
          if (res.status === 401 || res.status === 403)
            return event({
              actorEmail: email ?? null,
              targetId: await accountId(email),
              action: 'sign-in.failed',
              summary:
                answer?.code === 'ACCOUNT_DEACTIVATED'
                  ? 'refused: the account is deactivated'
                  : 'wrong e-mail or password',
            });
          return;
        }
        case '/two-factor/verify-totp':
        case '/two-factor/verify-backup-code': {
          // With a session, a code confirms the set-up; without one, it finishes a sign-in.
          if (before && path === '/two-factor/verify-totp') {
            if (res.ok && !before.twoFactorEnabled)
              return own(before, 'two-factor.enabled', 'two-factor sign-in turned on');
            return;
          }
          const how = path === '/two-factor/verify-backup-code' ? 'recovery code' : 'authenticator code';
          if (res.ok)
            return event({
              actor: user,
              targetId: user?.id,
              action: 'sign-in.two-factor',
              summary: `${how} accepted: signed in`,
            });
          if (res.status === 401 || res.status === 400)
            return event({ action: 'sign-in.two-factor-failed', summary: `${how} refused` });
          return;
        }
        case '/two-factor/disable':
          if (res.ok && before) return own(before, 'two-factor.disabled', 'two-factor sign-in turned off');
          return;
        case '/change-password':
          if (res.ok && before) return own(before, 'password.changed', 'password changed; other sessions signed out');
          return;
        case '/reset-password':
          if (res.ok)
            return event({
              action: 'password.reset',
              summary: 'password set from a reset link; every session signed out',
            });
          return;
        case '/passkey/verify-authentication':
          if (res.ok && answer?.twoFactor === 'passkey')
            return event({
              actor: user,
              targetId: user?.id,
              action: 'sign-in.two-factor',
              summary: 'passkey accepted: signed in',
            });
          if (res.ok)
            return event({ actor: user, targetId: user?.id, action: 'sign-in', summary: 'signed in with a passkey' });
          if (answer?.code === 'PASSKEY_NOT_YOURS' || answer?.code === 'INVALID_TWO_FACTOR_COOKIE')
            return event({
              action: 'sign-in.two-factor-failed',
              summary:
                answer.code === 'PASSKEY_NOT_YOURS' ? 'passkey of another account refused' : 'sign-in took too long',
            });
          return event({ action: 'sign-in.failed', summary: 'passkey refused' });
        case '/two-factor/enable-passkey':
          if (res.ok && before) return own(before, 'two-factor.enabled', 'two-factor sign-in turned on with a passkey');
          return;
        case '/passkey/verify-registration':
        case '/passkey/delete-passkey':
          if (res.ok && before)
            return path === '/passkey/delete-passkey'
              ? own(before, 'passkey.removed', 'a passkey deleted')
              : own(before, 'passkey.added', 'a passkey added');
          return;
        case '/sign-out':
          if (res.ok && before) return own(before, 'sign-out', 'signed out');
          return;
      }
    },
  };
}
