import { initTRPC, TRPCError } from '@trpc/server';
import { getTRPCErrorFromUnknown } from '@trpc/server/unstable-core-do-not-import';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError, ZodRealError } from 'zod';
import { isTravelTeam } from '@naav/schemas/roles';
import type { Actor, Context } from './context';
import { DomainError, ValidationError } from './errors';
import { isPlainObject, nulCharacterMessage, nulCharacterPath } from './lib/input-guard';
import { hasSecondFactor, signInMeansOf } from './lib/second-factor';
import { readIdempotencyKey, requestFingerprint, runOnce } from './lib/idempotency';
import { isStorageFull, storageFullMessage } from './lib/storage-full';
import { grants, missingScopeMessage, requiredScope } from './lib/token-scopes';
import { describeZodError } from './lib/zod-message';
import { wireJson } from './lib/wire-json';

/**
 * Who may call a procedure. Set once below, where the base procedures are made (a later
 * `.meta({ openapi })` in a router merges with it), and read by the authorisation sweep
 * (authorization.test.ts), which checks every tag against what the procedure really does.
 */
export type ProcedureAccess = 'public' | 'authed' | 'agent' | 'admin';
export type Meta = OpenApiMeta & {
  access?: ProcedureAccess;
  /** Open to an agent who has yet to turn on two-factor sign-in under AGENT_2FA=required (only `me.get`, so the app knows who they are). */
  beforeTwoFactor?: boolean;
  /**
   * How the mutation honours an Idempotency-Key header (lib/idempotency.ts): `recorded`, its
   * answer is recorded under the key and a replay answers it again without running; `service`,
   * the service itself keeps the key beside the row it writes (expenses.create).
   */
  idempotency?: 'recorded' | 'service';
  /**
   * The scope a `recorded` mutation's keys are kept under, when not its path: the name the
   * procedure had when its keys were first recorded (`events.create` for `events.create`), so a
   * write queued before a rename and sent again after it still answers once.
   */
  idempotencyScope?: string;
};

/** What a 403 says to an agent who must turn on two-factor sign-in first. */
export const agentTwoFactorMessage =
  'Travel agents must turn on two-factor sign-in first: open the account menu and choose Two-factor sign-in (or, signing in through your organisation, add a passkey)';

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer: wireJson,
    // live.changes over server-sent events: a comment every 15 s keeps proxies from closing an
    // idle stream, and a client that hears nothing for 25 s reconnects (resuming from its last id).
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 25_000 } },
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

/** A middleware's result as tRPC hands it back from `next()`. */
type MiddlewareResult = { ok: true } | { ok: false; error: TRPCError };

/** Domain errors thrown by services become the matching TRPCError here, and only here. */
function withDomainErrors<R extends MiddlewareResult>(result: R): R {
  // A full disk is not our fault nor the caller's: 503, and reads go on.
  if (!result.ok && isStorageFull(result.error.cause)) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: storageFullMessage, cause: result.error.cause });
  }
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
}

/** A 400 shaped like a schema's own: REST's `issues` and tRPC's `data.issues` name the field. */
const badInput = (path: string[], message: string) =>
  new TRPCError({
    code: 'BAD_REQUEST',
    message: `${path.join('.') || 'input'}: ${message}`,
    cause: new ZodRealError([{ code: 'custom', path, message, input: undefined }]),
  });

/**
 * Checks every procedure's raw input before its schema sees it, in one place: the input
 * is an object (or absent), so `null`, `[]`, `"text"` or a posted form never reach a schema
 * whose fields all have defaults; and no string anywhere holds a NUL character, which SQLite
 * would store cut short at it.
 */
async function guardInput(getRawInput: () => Promise<unknown>): Promise<void> {
  const input = await getRawInput();
  if (input !== undefined && !isPlainObject(input)) throw badInput([], 'must be a JSON object');
  const nul = nulCharacterPath(input);
  if (nul) throw badInput(nul, nulCharacterMessage);
}

export const publicProcedure = t.procedure
  .use(async ({ next }) => withDomainErrors(await next()))
  .use(async ({ getRawInput, next }) => {
    await guardInput(getRawInput);
    return next();
  })
  .meta({ access: 'public' });

/**
 * Requires a session; narrows ctx.actor to the signed-in user. Under AGENT_2FA=required an
 * agent without a second factor (lib/second-factor.ts) is refused everything (they see every
 * client's data) but `me.get` until they have one. A mutation whose meta says `idempotency:
 * 'recorded'` runs once per Idempotency-Key (see lib/idempotency.ts).
 *
 * One middleware, doing in turn what publicProcedure's two do (domain errors, the input's
 * guard), then the session and the Idempotency-Key: tRPC copies its options and the context
 * at every middleware, and this is on every signed-in call (a twentieth of a read's time).
 */
export const authedProcedure = t.procedure
  .use(async (opts) => {
    const next = (actor: Actor) => opts.next({ ctx: { actor } });
    let result: Awaited<ReturnType<typeof next>>;
    try {
      await guardInput(opts.getRawInput);
      const actor = await signedIn(opts);
      result = await oncePerKey(opts, actor, () => next(actor));
    } catch (cause) {
      // As tRPC itself hands an error thrown further on to the middleware before it.
      result = { ok: false, error: getTRPCErrorFromUnknown(cause), marker: undefined as never };
    }
    return withDomainErrors(result);
  })
  .meta({ access: 'authed' });

type AuthedOptions = {
  ctx: Context;
  meta: Meta | undefined;
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  getRawInput: () => Promise<unknown>;
};

/** The signed-in caller, if they may call `path`: UNAUTHORIZED signed out, FORBIDDEN out of their token's scopes or second factor. */
async function signedIn({ ctx, meta, path, type }: AuthedOptions): Promise<Actor> {
  const actor = await ctx.getActor();
  if (!actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Sign in to continue' });
  // An API token acts as its owner, narrowed by its scopes (lib/token-scopes.ts says which each path needs).
  if (actor.token) {
    const scope = requiredScope(path, type);
    if (scope === 'session' || (scope !== null && !grants(actor.token.scopes, scope)))
      throw new TRPCError({ code: 'FORBIDDEN', message: missingScopeMessage(scope) });
  }
  if (
    isTravelTeam(actor.role) &&
    ctx.agentTwoFactor === 'required' &&
    !actor.twoFactorEnabled &&
    !meta?.beforeTwoFactor &&
    // Read only for an agent who would be refused: an account without a password may count its passkey.
    !hasSecondFactor(actor, await signInMeansOf(ctx.db, actor))
  ) {
    throw new TRPCError({ code: 'FORBIDDEN', message: agentTwoFactorMessage });
  }
  return actor;
}

/** `run` once per Idempotency-Key for a `recorded` mutation; a replay answers the recorded answer without running. */
async function oncePerKey<R extends { ok: true; data: unknown } | { ok: false }>(
  { ctx, meta, path, type, getRawInput }: AuthedOptions,
  actor: Actor,
  run: () => Promise<R>,
): Promise<R> {
  if (meta?.idempotency !== 'recorded' || type !== 'mutation') return run();
  const key = readIdempotencyKey(ctx.requestHeader('idempotency-key'));
  if (key === null) return run();
  const call = {
    userId: actor.id,
    scope: meta.idempotencyScope ?? path,
    key,
    fingerprint: requestFingerprint(await getRawInput()),
    now: ctx.now().getTime(),
  };
  const outcome = await runOnce(ctx.db, call, run);
  if ('result' in outcome) return outcome.result;
  // The recorded answer, without running the procedure: tRPC reads only `ok` and `data` of a middleware's result.
  return { ok: true, data: outcome.replay } as unknown as R;
}

/** Requires the travel team: an agent, or an admin (who may do all an agent may). */
export const agentProcedure = authedProcedure
  .use(({ ctx, next }) => {
    if (!isTravelTeam(ctx.actor.role)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Only travel agents can do this' });
    }
    return next({ ctx: { actor: ctx.actor } });
  })
  .meta({ access: 'agent' });

/** Requires the admin role: managing accounts, invitations and the audit log. */
export const adminProcedure = authedProcedure
  .use(({ ctx, next }) => {
    if (ctx.actor.role !== 'admin') {
      throw new TRPCError({ code: 'FORBIDDEN', message: 'Only administrators can do this' });
    }
    return next({ ctx: { actor: ctx.actor } });
  })
  .meta({ access: 'admin' });
