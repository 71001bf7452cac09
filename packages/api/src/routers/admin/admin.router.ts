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

const tags = ['admin'];

// Every procedure here is an adminProcedure: anyone else gets 403.
export const adminRouter = router({
  users: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/users', tags, summary: 'Every account, by name, with search' } })
    .input(usersInput)
    .output(usersPageSchema)
    .query(({ ctx, input }) => listUsers(ctx.db, input)),

  updateUser: adminProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/users/{id}',
        tags,
        summary: "Change a person's role, or deactivate or reactivate them",
      },
    })
    .input(updateUserInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) =>
      updateUser(ctx.db, { actor: ctx.actor, clientAddress: ctx.clientAddress() }, input, ctx.now()),
    ),

  resetTwoFactor: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users/{id}/reset-two-factor',
        tags,
        summary: "Turn a person's two-factor sign-in off, so they set it up again",
      },
      idempotency: 'recorded',
    })
    .input(idInput)
    .output(adminUserSchema)
    .mutation(({ ctx, input }) =>
      resetTwoFactor(ctx.db, { actor: ctx.actor, clientAddress: ctx.clientAddress() }, input.id, ctx.now()),
    ),

  invite: adminProcedure
    .meta({
      openapi: { method: 'POST', path: '/admin/invitations', tags, summary: 'Invite someone by e-mail, as a role' },
      idempotency: 'recorded',
    })
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
    .meta({ openapi: { method: 'GET', path: '/admin/audit', tags, summary: 'The audit log, newest first' } })
    .input(auditInput)
    .output(auditPageSchema)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),

  // Restoring one is an offline operation: every server stopped, then `pnpm naav restore <file>`.
  backups: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/backups', tags, summary: "The database's backups, newest first" },
    })
    .input(z.void())
    .output(backupListSchema)
    .query(({ ctx }) => listBackups(ctx.backups)),

  createBackup: adminProcedure
    .meta({
      openapi: { method: 'POST', path: '/admin/backups', tags, summary: 'Back the database up now' },
      idempotency: 'recorded',
    })
    .input(z.void())
    .output(backupSchema)
    .mutation(({ ctx }) => takeBackup(ctx.db, ctx.backups, { actor: ctx.actor, clientAddress: ctx.clientAddress() })),
});
