import type { AccountServices } from '@naav/api';
import type { Auth } from './auth';
import type { Mailer } from './mail/mailer';
import { invitationMessage } from './mail/messages';
import { isCommonPassword } from './password-policy';

/** Mails an invitation: its link opens /invitations/{token} of the app at `baseURL` (PUBLIC_URL). */
export function invitationSender(mailer: Mailer | undefined, baseURL: string): AccountServices['sendInvitation'] {
  return async ({ email, role, token, invitedBy, expiresAt }) => {
    if (!mailer) throw new Error('No mailer: invitations cannot be sent');
    const link = new URL(`/invitations/${encodeURIComponent(token)}`, baseURL).toString();
    const validDays = Math.round((expiresAt.getTime() - Date.now()) / 86_400_000);
    await mailer.send(await invitationMessage({ email, role, invitedBy, link, validDays }));
  };
}

/** What the account procedures (invitations) need of the server: better-auth's password hash, the common-password list, the mailer. */
export function accountServices(auth: Auth, mailer: Mailer | undefined, baseURL: string): AccountServices {
  return {
    hashPassword: async (password) => (await auth.$context).password.hash(password),
    isCommonPassword,
    sendInvitation: invitationSender(mailer, baseURL),
  };
}
