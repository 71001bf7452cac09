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

/** The fields a BAD_REQUEST names, from zod's issues or a service's ValidationError. */
export function invalidFields(error: TRPCError): string[] {
  const cause = error.cause as { issues?: { path: PropertyKey[] }[]; field?: string } | undefined;
  if (cause?.issues) return cause.issues.map((i) => i.path.map(String).join('.'));
  if (cause?.field) return [cause.field];
  return [];
}
