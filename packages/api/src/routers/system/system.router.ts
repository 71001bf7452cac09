import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import { demoSchema, healthSchema } from './system.schemas';
import { demoInfo } from './system.service';
import { rest } from '../../lib/procedures';

export const systemRouter = router({
  health: publicProcedure
    .meta(rest('GET /health', 'system', 'Liveness', { protect: false }))
    .input(z.void())
    .output(healthSchema)
    .query(() => ({ status: 'ok' as const })),

  demo: publicProcedure
    .meta(rest('GET /demo', 'system', 'Demo sign-ins, when loaded', { protect: false }))
    .input(z.void())
    .output(demoSchema)
    .query(({ ctx }) => demoInfo(ctx.db)),
});
