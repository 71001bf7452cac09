import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { travelSchema } from './travels.schemas';
import { listHistory } from './travels.service';

export const travelsRouter = router({
  history: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/travels/history', tags: ['travels'], summary: 'The travel journal, newest first' },
    })
    .input(z.void())
    .output(z.array(travelSchema))
    .query(({ ctx }) => listHistory(ctx.db, ctx.actor)),
});
