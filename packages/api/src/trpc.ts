import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError, ZodRealError } from 'zod';
import type { Context } from './context';
import { DomainError, ValidationError } from './errors';
import { describeZodError } from './lib/zod-message';

/**
 * Who may call a procedure. Set once below, where the base procedures are made (a later
 * `.meta({ openapi })` in a router merges with it), and read by the authorisation sweep
 * (authorization.test.ts), which checks every tag against what the procedure really does.
 */
export type ProcedureAccess = 'public' | 'authed' | 'agent';
export type Meta = OpenApiMeta & { access?: ProcedureAccess };

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error, ctx }) {
      const zod = error.cause instanceof ZodError ? error.cause : null;
      return {
        ...shape,
        message: zod ? describeZodError(zod) : shape.message,
        data: {
          ...shape.data,
          // Stack traces never leave the server in production.
          stack: ctx?.exposeErrorDetails ? shape.data.stack : undefined,
          issues: zod ? zod.issues.map((i) => ({ path: i.path.map(String), message: i.message })) : undefined,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** Domain errors thrown by services become the matching TRPCError here, and only here. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    if (cause instanceof ValidationError) {
      // Answered like a schema's own 400: REST bodies and tRPC data carry `issues` naming the field.
      // ZodRealError (what parse throws) is an Error, so tRPC keeps its issues.
      // 'bookings.0.start' is the path bookings → 0 → start, as a schema's own issue would give it.
      const issue = { code: 'custom' as const, path: cause.field.split('.'), message: cause.reason, input: undefined };
      throw new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause: new ZodRealError([issue]) });
    }
    throw new TRPCError({ code: cause.code, message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = t.procedure.use(domainErrors).meta({ access: 'public' });

/** Requires a session; narrows ctx.actor to the signed-in user. */
export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const actor = await ctx.getActor();
  if (!actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  return next({ ctx: { actor } });
}).meta({ access: 'authed' });

/** Requires the agent role. */
export const agentProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== 'agent') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only travel agents can do this' });
  }
  return next({ ctx: { actor: ctx.actor } });
}).meta({ access: 'agent' });
