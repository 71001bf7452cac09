import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from './api-errors';
import { ConfirmDialog } from './confirm-dialog';

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

/**
 * Asks before deleting `row` ("Keep" to back out), then deletes it with `mutation` (a delete
 * procedure's options), says so and refreshes the list at `listKey`. The texts are for the row shown.
 */
export function RemoveRowDialog<T extends { id: string }>({
  row,
  onClose,
  mutation,
  listKey,
  texts,
}: RemoveRowProps<T>) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Kept while the dialog closes, so its text does not blank out mid-transition.
  const [shown, setShown] = useState<T | null>(row);
  if (row && row !== shown) setShown(row);
  const text = texts(shown);
  const remove = useMutation({
    ...mutation,
    onSuccess: async () => {
      toast({ title: text.removed, tone: 'success' });
      onClose();
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
    onError: (error) => toast({ title: text.failed, description: errorMessage(error), tone: 'destructive' }),
  });
  return (
    <ConfirmDialog
      open={row !== null}
      onClose={onClose}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirmLabel}
      cancelLabel="Keep"
      pending={remove.isPending}
      onConfirm={() => row && remove.mutate({ id: row.id })}
    />
  );
}
