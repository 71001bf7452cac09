import { z } from 'zod';
import { doneSchema, id } from '../../lib/schemas';

/** One signed-in browser or client of the user, as the Sessions panel lists it. */
export const sessionSchema = z
  .object({
    id,
    /** From the user agent, e.g. "Firefox 128"; null when it says nothing we know. */
    browser: z.string().nullable(),
    /** From the user agent, e.g. "macOS 14.5", "Android 14". */
    os: z.string().nullable(),
    /** `desktop`, `mobile` or `tablet`, when the user agent tells. */
    device: z.enum(['desktop', 'mobile', 'tablet']).nullable(),
    /** The client address it signed in from (as the server saw it). */
    ipAddress: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** Updated at most once a minute while the session is used. */
    lastSeenAt: z.iso.datetime(),
    /** When it ends unless used again: 24 hours after it was last seen, never later than 7 days after sign-in. */
    expiresAt: z.iso.datetime(),
    /** The session this request is made with. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof sessionSchema>;

export const revokedSessionSchema = doneSchema('revoked');
export const revokedAllSchema = z.object({ revoked: z.number().int().min(0) });
