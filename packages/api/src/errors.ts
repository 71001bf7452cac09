import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/**
 * Errors services throw. They know nothing of HTTP; trpc.ts turns each into the
 * matching TRPCError (and so the matching REST status) in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly code: TRPC_ERROR_CODE_KEY,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super('NOT_FOUND', `${what} not found`);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You are not allowed to do this') {
    super('FORBIDDEN', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

/** Bad input the schema could not catch (it depends on stored data); names the field. */
export class ValidationError extends DomainError {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super('BAD_REQUEST', `${field}: ${reason}`);
  }
}
