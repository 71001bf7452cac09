import type { QueryKey, UseMutationOptions } from '@tanstack/react-query';

// What a list's delete question says and does (RemoveRowDialog), apart from the dialog's code.

export interface RemoveTexts {
  /** The toast once it is gone. */
  removed: string;
  /** The toast's title when it could not be. */
  failed: string;
  title: string;
  description: string;
  confirmLabel: string;
}

export interface RemoveRowProps<T> {
  row: T | null;
  onClose: () => void;
  mutation: Pick<UseMutationOptions<unknown, unknown, { id: string }>, 'mutationFn' | 'mutationKey'>;
  listKey: QueryKey;
  texts: (shown: T | null) => RemoveTexts;
}

/**
 * The texts for a row known by its name: "Passport deleted", "Could not delete the item",
 * "Delete Passport?" (or "Delete this item?" while no row is shown), the verb on the button, and
 * `description(name)` under the question.
 */
export const namedRowTexts =
  (verb: 'Delete' | 'Remove', noun: string, description: (name: string | undefined) => string) =>
  (shown: { name: string } | null): RemoveTexts => ({
    removed: `${shown?.name ?? noun.charAt(0).toUpperCase() + noun.slice(1)} ${verb === 'Delete' ? 'deleted' : 'removed'}`,
    failed: `Could not ${verb.toLowerCase()} the ${noun}`,
    title: `${verb} ${shown?.name ?? `this ${noun}`}?`,
    description: description(shown?.name),
    confirmLabel: verb,
  });
