import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An answer given at the HTTP edge, before any procedure runs, in the body its caller
 * expects: REST's `{message, code, issues?}` under /api (a 400 names its field in `issues`),
 * tRPC's superjson error envelope under /trpc (the web client shows `message`; one envelope
 * answers every call of a batch).
 */
export function edgeError(
  c: HonoContext,
  status: ContentfulStatusCode,
  code: TRPC_ERROR_CODE_KEY,
  message: string,
  field?: string,
) {
  if (c.req.path.startsWith('/trpc')) {
    return c.json(
      { error: { json: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status } } } },
      status,
    );
  }
  if (status === 400) {
    const issue = { path: field ? field.split('.') : [], message };
    return c.json({ message: `${field ?? 'input'}: ${message}`, code, issues: [issue] }, status);
  }
  return c.json({ message, code }, status);
}
