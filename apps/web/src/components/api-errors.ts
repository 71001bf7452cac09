import { TRPCClientError } from '@trpc/client';

function codeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

/** A field → message map from a 400's `issues` (the server names each bad field). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const issues = (error.data as { issues?: { path: string[]; message: string }[] } | undefined)?.issues ?? [];
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The server's message ("file: …" names the field), or a plain sentence when the request never got an answer. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message && !/fetch|network|^Load failed/i.test(error.message)) return error.message;
  return 'Check your connection and try again.';
}

export function isNotFound(error: unknown): boolean {
  return codeOf(error) === 'NOT_FOUND';
}

/** NOT_FOUND, or an id the API refuses outright: either way there is no such row for this user. */
export function isMissing(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}
