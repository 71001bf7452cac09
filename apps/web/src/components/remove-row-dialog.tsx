import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from './api-errors';
import { ConfirmDialog } from './confirm-dialog';
import type { RemoveRowProps } from './row-texts';

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
