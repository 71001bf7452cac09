import { exportStatuses, userRoles } from '@naav/db/schema';
import { deleteAccountInput } from '@naav/schemas/auth';
import { z } from 'zod';

export { deleteAccountInput };

export const meSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.email(),
    role: z.enum(userRoles),
    /** One or two letters for the avatar. */
    initials: z.string(),
    /** Whether the e-mail address is confirmed (the app asks to verify until it is). */
    emailVerified: z.boolean(),
    /** Whether a password sign-in asks for a second factor: a code from an authenticator app, or a passkey. */
    twoFactorEnabled: z.boolean(),
    /** Whether the account has a password (one that signs in only through single sign-on or a passkey has none). */
    hasPassword: z.boolean(),
    /**
     * True for an agent while AGENT_2FA=required and their sign-in has no second factor: nothing else works
     * until two-factor sign-in is on (or, for an account without a password, until it has a passkey).
     */
    twoFactorRequired: z.boolean(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

export const exportIdInput = z.object({ id: z.string().min(1).max(100) });

/** An export of the caller's data: built in the background, then downloadable once through `downloadUrl`. */
export const exportJobSchema = z.object({
  id: z.string(),
  status: z.enum(exportStatuses),
  /** While ready: the link that gives the zip once (with the owner's session). */
  downloadUrl: z.string().optional(),
  /** While ready: when the link stops working. */
  expiresAt: z.date().optional(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** One of the caller's trips shared with a group, and who would take it over (null: nobody can). */
export const sharedTripSchema = z.object({
  id: z.string(),
  title: z.string(),
  transferTo: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;

export const deletedAccountSchema = z.object({
  deleted: z.literal(true),
  /** The trips now owned by another member. */
  transferredTrips: z.array(sharedTripSchema),
});
