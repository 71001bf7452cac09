import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import { revokedAllSchema, revokedSessionSchema, sessionSchema } from './sessions.schemas';
import * as sessions from './sessions.service';
import { listMine, rest } from '../../lib/procedures';

// better-auth's own list-sessions answers every session's token and wants a session younger than
// a day; these answer ids and work for any session.
export const sessionsRouter = router({
  list: listMine(
    rest('GET /sessions', 'account', 'My signed-in sessions, this one first'),
    sessionSchema,
    sessions.listSessions,
  ),

  revoke: authedProcedure
    .meta(rest('DELETE /sessions/{id}', 'account', 'End one of my sessions'))
    .input(idInput)
    .output(revokedSessionSchema)
    .mutation(({ ctx, input }) => sessions.revokeSession(ctx.db, ctx.actor, input.id)),

  revokeAll: authedProcedure
    .meta(rest('DELETE /sessions', 'account', 'Sign out everywhere, this session included'))
    .input(z.void())
    .output(revokedAllSchema)
    .mutation(({ ctx }) => sessions.revokeAllSessions(ctx.db, ctx.actor)),
});
