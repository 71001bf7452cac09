import { z } from 'zod';
import { authedProcedure, router } from '../../trpc';
import { inspirationSchema } from './inspirations.schemas';
import { listInspirations } from './inspirations.service';

export const inspirationsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/inspirations', tags: ['inspirations'], summary: 'Trip ideas' } })
    .input(z.void())
    .output(z.array(inspirationSchema))
    .query(({ ctx }) => listInspirations(ctx.db)),
});
