import { listMine, rest, write, writeById } from '../../lib/procedures';
import { router } from '../../trpc';
import { apiTokenSchema, createdTokenSchema, createTokenInput, revokedTokenSchema } from './tokens.schemas';
import * as tokens from './tokens.service';

// Only from a signed-in session (lib/token-scopes.ts): a token never makes or lists tokens. Under
// AGENT_2FA=required an agent reaches these only with two-factor sign-in on, like everything else.
export const tokensRouter = router({
  list: listMine(apiTokenSchema, tokens.listTokens).at(
    rest('GET /tokens', 'account', 'My personal API tokens, newest first'),
  ),

  create: write(createTokenInput, createdTokenSchema, tokens.createToken).at(
    rest('POST /tokens', 'account', 'Make a personal API token (the token is in this answer only)'),
  ),

  revoke: writeById(revokedTokenSchema, tokens.revokeToken).at(
    rest('DELETE /tokens/{id}', 'account', 'Revoke one of my API tokens'),
  ),
});
