import { z } from 'zod';
import { router } from '../../trpc';
import { revokedAllSchema, revokedSessionSchema, sessionSchema } from './sessions.schemas';
import * as sessions from './sessions.service';
import { listMine, rest, write, writeById } from '../../lib/procedures';

// better-auth's own list-sessions answers every session's token and wants a session younger than
// a day; these answer ids and work for any session.
export const sessionsRouter = router({
  list: listMine(sessionSchema, sessions.listSessions).at(
    rest('GET /sessions', 'account', 'My signed-in sessions, this one first'),
  ),

  revoke: writeById(revokedSessionSchema, sessions.revokeSession).at(
    rest('DELETE /sessions/{id}', 'account', 'End one of my sessions'),
  ),

  revokeAll: write(z.void(), revokedAllSchema, (db, actor) => sessions.revokeAllSessions(db, actor)).at(
    rest('DELETE /sessions', 'account', 'Sign out everywhere, this session included'),
  ),
});
