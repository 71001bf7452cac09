import { TRPCClientError } from '@trpc/client';

/** NOT_FOUND, or an id the API refuses outright: either way there is no such trip for this user. */
export function isMissing(error: unknown): boolean {
  const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}

/** The server's message ("file: …" names the field), or a generic one for network faults. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message && !/^(Failed to fetch|NetworkError|Load failed)/.test(error.message)) return error.message;
  return 'Check your connection and try again.';
}
