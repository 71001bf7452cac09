import { TRPCClientError } from '@trpc/client';

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

/** The server's message, or a plain sentence when the request never got an answer. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.message && !/fetch|network/i.test(error.message)) return error.message;
  return 'Check your connection and try again.';
}

export function isNotFound(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';
}
