import { idInput } from '../../lib/schemas';
import { listMine, rest } from '../../lib/procedures';
import { authedProcedure, router } from '../../trpc';
import { apiTokenSchema, createdTokenSchema, createTokenInput, revokedTokenSchema } from './tokens.schemas';
import * as tokens from './tokens.service';

// Only from a signed-in session (lib/token-scopes.ts): a token never makes or lists tokens. Under
// AGENT_2FA=required an agent reaches these only with two-factor sign-in on, like everything else.
export const tokensRouter = router({
  list: listMine(
    rest('GET /tokens', 'account', 'My personal API tokens, newest first'),
    apiTokenSchema,
    tokens.listTokens,
  ),

  create: authedProcedure
    .meta(rest('POST /tokens', 'account', 'Make a personal API token (the token is in this answer only)'))
    .input(createTokenInput)
    .output(createdTokenSchema)
    .mutation(({ ctx, input }) => tokens.createToken(ctx.db, ctx.actor, input, ctx.now())),

  revoke: authedProcedure
    .meta(rest('DELETE /tokens/{id}', 'account', 'Revoke one of my API tokens'))
    .input(idInput)
    .output(revokedTokenSchema)
    .mutation(({ ctx, input }) => tokens.revokeToken(ctx.db, ctx.actor, input.id)),
});
