import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { meSchema } from './me.schemas';
import { describeMe } from './me.service';

export const meRouter = router({
  get: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/me', tags: ['account'], summary: 'The signed-in user' },
      beforeTwoFactor: true,
    })
    .input(z.void())
    .output(meSchema)
    .query(({ ctx }) => describeMe(ctx.actor, ctx.agentTwoFactor)),
});
