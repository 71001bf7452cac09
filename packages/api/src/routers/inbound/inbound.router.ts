import type { Database } from '@naav/db';
import { inboundAddresses } from '@naav/db/schema';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { forwardingAddressOf, newInboundToken } from './inbound.mail';
import { rest } from '../../lib/procedures';

const addressSchema = z.object({
  /** `trips+<token>@<MAIL_DOMAIN>`: mail sent there is read and its bookings added to the sender's trips. */
  address: z.string(),
});

/** The person's forwarding token, made on first ask. */
async function tokenOf(db: Database, userId: string): Promise<string> {
  await db.insert(inboundAddresses).values({ userId, token: newInboundToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ token: inboundAddresses.token })
    .from(inboundAddresses)
    .where(eq(inboundAddresses.userId, userId));
  return row!.token;
}

export const inboundRouter = router({
  address: authedProcedure
    .meta(
      rest(
        'GET /inbound/address',
        'bookings',
        'Your private forwarding address: bookings mailed there are added to your trips',
      ),
    )
    .input(z.void())
    .output(addressSchema)
    .query(async ({ ctx }) => ({ address: forwardingAddressOf(await tokenOf(ctx.db, ctx.actor.id), ctx.mailDomain) })),

  regenerate: authedProcedure
    .meta(
      rest.recorded(
        'POST /inbound/address',
        'bookings',
        'A new forwarding address; mail to the old one is refused from now on',
      ),
    )
    .input(z.void())
    .output(addressSchema)
    .mutation(async ({ ctx }) => {
      const token = newInboundToken();
      await ctx.db
        .insert(inboundAddresses)
        .values({ userId: ctx.actor.id, token })
        .onConflictDoUpdate({ target: inboundAddresses.userId, set: { token, createdAt: ctx.now() } });
      return { address: forwardingAddressOf(token, ctx.mailDomain) };
    }),
});
