import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { deleteAccount, sharedTripsOf } from './delete-account.service';
import { exportStatus, requestExport, runExport } from './export.service';
import {
  deleteAccountInput,
  deletedAccountSchema,
  exportIdInput,
  exportJobSchema,
  meSchema,
  sharedTripSchema,
} from './me.schemas';
import { describeMe } from './me.service';
import { signInMeansOf } from '../../lib/second-factor';
import { readMine, rest } from '../../lib/procedures';

export const meRouter = router({
  get: authedProcedure
    .meta({ ...rest('GET /me', 'account', 'The signed-in user'), beforeTwoFactor: true })
    .input(z.void())
    .output(meSchema)
    .query(async ({ ctx }) => describeMe(ctx.actor, ctx.agentTwoFactor, await signInMeansOf(ctx.db, ctx.actor))),

  requestExport: authedProcedure
    .meta(rest.recorded('POST /me/export', 'account', 'Ask for a zip of all my data'))
    .input(z.void())
    .output(exportJobSchema)
    .mutation(async ({ ctx }) => {
      const job = await requestExport(ctx.db, ctx.actor, ctx.now(), ctx.clientAddress());
      if (job.status === 'pending')
        ctx.background(() => runExport(ctx.db, job.id, ctx.photoStore, ctx.now, ctx.exportReady));
      return job;
    }),

  export: authedProcedure
    .meta(rest('GET /me/export/{id}', 'account', 'An export and, once ready, its link'))
    .input(exportIdInput)
    .output(exportJobSchema)
    .query(async ({ ctx, input }) => {
      const { claimable, ...job } = await exportStatus(ctx.db, ctx.actor, input.id, ctx.now());
      // A job whose server stopped before building it is picked up by whichever server is asked.
      if (claimable) ctx.background(() => runExport(ctx.db, job.id, ctx.photoStore, ctx.now, ctx.exportReady));
      return job;
    }),

  sharedTrips: readMine(z.array(sharedTripSchema), sharedTripsOf).at(
    rest('GET /me/shared-trips', 'account', 'My trips shared with a group, and who would take each over'),
  ),

  delete: authedProcedure
    .meta({ ...rest('DELETE /me', 'account', 'Delete my account and my data'), beforeTwoFactor: true })
    .input(deleteAccountInput)
    .output(deletedAccountSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.throttle('signIn', ctx.actor.email);
      return deleteAccount(ctx.db, ctx.actor, input, {
        confirmIdentity: ctx.confirmIdentity,
        photoStore: ctx.photoStore,
        clientAddress: ctx.clientAddress(),
      });
    }),
});
