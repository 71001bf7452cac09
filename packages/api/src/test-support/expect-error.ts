import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';

/** The TRPCError a call rejects with; fails the test when the call succeeds. */
export async function errorOf(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return error as TRPCError;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** The fields a BAD_REQUEST names (schema issues and services' ValidationErrors alike carry issues). */
export function invalidFields(error: TRPCError): string[] {
  const cause = error.cause as { issues?: { path: PropertyKey[] }[] } | undefined;
  return (cause?.issues ?? []).map((i) => i.path.map(String).join('.'));
}
