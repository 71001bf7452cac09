import { acceptInvitationInput, roles } from '@naav/schemas/roles';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import { acceptInvitation, describeInvitation } from './invitations.service';
import { rest } from '../../lib/procedures';

const token = z.string().min(1).max(200);

// Public: the link's token is the only credential. Unknown, used, replaced and expired links are all 404.
export const invitationsRouter = router({
  get: publicProcedure
    .meta(rest('GET /invitations/{token}', 'account', 'What an invitation link is for'))
    .input(z.object({ token }))
    .output(z.object({ email: z.string(), role: z.enum(roles), expiresAt: z.date() }))
    .query(({ ctx, input }) => describeInvitation(ctx.db, input.token, ctx.now())),

  accept: publicProcedure
    .meta(
      rest(
        'POST /invitations/{token}/accept',
        'account',
        'Take an invitation: set a name and password, and be signed in (once, within 7 days)',
      ),
    )
    .input(acceptInvitationInput.extend({ token }))
    .output(z.object({ userId: z.string(), email: z.string(), role: z.enum(roles) }))
    .mutation(({ ctx, input }) =>
      acceptInvitation(
        ctx.db,
        ctx.accounts,
        input.token,
        { name: input.name, password: input.password },
        ctx.clientAddress(),
        ctx.now(),
      ),
    ),
});
