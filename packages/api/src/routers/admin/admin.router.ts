import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { adminProcedure, router } from '../../trpc';
import { createInvitation } from '../invitations/invitations.service';
import {
  adminUserSchema,
  auditInput,
  backupListSchema,
  backupSchema,
  auditPageSchema,
  invitationInput,
  invitationSchema,
  updateUserInput,
  usersInput,
  usersPageSchema,
} from './admin.schemas';
import { listAudit } from './audit.service';
import { listBackups, takeBackup } from './backups.service';
import { listUsers, resetTwoFactor, updateUser } from './users.service';
import { rest } from '../../lib/procedures';

// Every procedure here is an adminProcedure: anyone else gets 403.
export const adminRouter = router({
  users: adminProcedure
    .meta(rest('GET /admin/users', 'admin', 'Every account, by name, with search'))
    .input(usersInput)
    .output(usersPageSchema)
    .query(({ ctx, input }) => listUsers(ctx.db, input)),

  updateUser: adminProcedure
    .meta(rest('PATCH /admin/users/{id}', 'admin', "Change a person's role, or deactivate or reactivate them"))
    .input(updateUserInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) =>
      updateUser(ctx.db, { actor: ctx.actor, clientAddress: ctx.clientAddress() }, input, ctx.now()),
    ),

  resetTwoFactor: adminProcedure
    .meta(
      rest.recorded(
        'POST /admin/users/{id}/reset-two-factor',
        'admin',
        "Turn a person's two-factor sign-in off, so they set it up again",
      ),
    )
    .input(idInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) =>
      resetTwoFactor(ctx.db, { actor: ctx.actor, clientAddress: ctx.clientAddress() }, input.id, ctx.now()),
    ),

  invite: adminProcedure
    .meta(rest.recorded('POST /admin/invitations', 'admin', 'Invite someone by e-mail, as a role'))
    .input(invitationInput)
    .output(invitationSchema)
    .mutation(({ ctx, input }) =>
      createInvitation(
        ctx.db,
        ctx.accounts,
        { actor: ctx.actor, clientAddress: ctx.clientAddress() },
        input,
        ctx.now(),
      ),
    ),

  audit: adminProcedure
    .meta(rest('GET /admin/audit', 'admin', 'The audit log, newest first'))
    .input(auditInput)
    .output(auditPageSchema)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),

  // Restoring one is an offline operation: every server stopped, then `pnpm naav restore <file>`.
  backups: adminProcedure
    .meta(rest('GET /admin/backups', 'admin', "The database's backups, newest first"))
    .input(z.void())
    .output(backupListSchema)
    .query(({ ctx }) => listBackups(ctx.backups)),

  createBackup: adminProcedure
    .meta(rest.recorded('POST /admin/backups', 'admin', 'Back the database up now'))
    .input(z.void())
    .output(backupSchema)
    .mutation(({ ctx }) => takeBackup(ctx.db, ctx.backups, { actor: ctx.actor, clientAddress: ctx.clientAddress() })),
});
