import type { ZodError } from 'zod';

/** "startDate: Invalid date; title: Required" — every message names its field. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.length ? issue.path.map(String).join('.') : 'input';
      return `${field}: ${issue.message}`;
    })
    .join('; ');
}
