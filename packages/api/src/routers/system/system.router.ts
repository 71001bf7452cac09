import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import { demoSchema, healthSchema } from './system.schemas';
import { demoInfo } from './system.service';

export const systemRouter = router({
  health: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['system'], summary: 'Liveness', protect: false } })
    .input(z.void())
    .output(healthSchema)
    .query(() => ({ status: 'ok' as const })),

  demo: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/demo',
        tags: ['system'],
        summary: 'Demo sign-ins, when loaded',
        protect: false,
      },
    })
    .input(z.void())
    .output(demoSchema)
    .query(({ ctx }) => demoInfo(ctx.db)),
});
