import { TRPCClientError } from '@trpc/client';
import type { ZodType } from 'zod';

function codeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

/** The first message for each field, from issues that name their field first in `path`. */
function firstMessagePerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  messageOf = (issue: { path: readonly PropertyKey[]; message: string }) => issue.message,
) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field && !errors[field]) errors[field] = messageOf(issue);
  }
  return errors;
}

/** A field → message map from a 400's `issues` (the server names each bad field). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  return firstMessagePerField(
    (error.data as { issues?: { path: string[]; message: string }[] } | undefined)?.issues ?? [],
  );
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A form's values checked, before anything is sent, with the schema the server checks the
 * request with (from @naav/schemas): a field → message map, empty when the server would
 * accept them. A field left blank shows the form's own words for it (`whenBlank`, "Enter a
 * title"); any other problem shows the schema's message, the one the server would answer.
 */
export function schemaErrors<Values extends object>(
  schema: ZodType,
  values: Values,
  whenBlank: Partial<Record<keyof Values & string, string>> = {},
): Partial<Record<keyof Values & string, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const blankMessages: Partial<Record<string, string>> = whenBlank;
  return firstMessagePerField(result.error.issues, (issue) => {
    const field = String(issue.path[0]);
    const blank = isBlank((values as Record<string, unknown>)[field]);
    return (blank && blankMessages[field]) || issue.message;
  }) as Partial<Record<keyof Values & string, string>>;
}

/** Field names whose words do not say what the screens call them. */
const fieldNames: Record<string, string> = {
  allocations: 'Category budgets',
  budgetTotal: 'Budget',
  file: 'Photo',
  imageUrl: 'Image URL',
  thumbnail: 'Photo',
};

/** What a person calls an API field: the form's own label when given, else its words ("endDate" → "End date", "categoryId" → "Category"). */
export function fieldLabel(field: string, labels: Partial<Record<string, string>> = {}): string {
  const known = labels[field] ?? fieldNames[field];
  if (known) return known;
  const words = field
    .replace(/(.)Id$/, '$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// "endDate: …" at the start of a message, or after "; " between several (the server's format).
const namedPart = /^([a-z][A-Za-z0-9]*)(?:\.[\w.]+)?: (.*)$/s;

/**
 * The server's message for a person: each field it names is called by its label
 * ("End date: The end date cannot be before the start date", not "endDate: …"), from
 * `labels` (the form's own) or the field's words; a plain sentence when the request never
 * got an answer.
 */
export function errorMessage(error: unknown, labels?: Partial<Record<string, string>>): string {
  if (!(error instanceof Error) || !error.message || /fetch|network|^Load failed/i.test(error.message))
    return 'Check your connection and try again.';
  return error.message
    .split('; ')
    .map((part) => {
      const named = namedPart.exec(part);
      return named ? `${fieldLabel(named[1] ?? '', labels)}: ${named[2] ?? ''}` : part;
    })
    .join('; ');
}

export function isNotFound(error: unknown): boolean {
  return codeOf(error) === 'NOT_FOUND';
}

/** NOT_FOUND, or an id the API refuses outright: either way there is no such row for this user. */
export function isMissing(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}
