import { useState, type ReactNode } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { RemoveRowDialog, type RemoveRowProps } from './remove-row-dialog';

/** Which of a list's dialogs is open: Add, Edit for a row, or Delete for a row. */
export function useRowDialogs<T>() {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  return { adding, setAdding, editing, setEditing, removing, setRemoving };
}

/**
 * A list's Add and Edit dialogs around its form (`form(row, onDone)`: no row to add one), and its
 * delete question (RemoveRowDialog, with `mutation`, `listKey` and `texts`). The edit form is
 * mounted only while open, so every opening starts from the saved row.
 */
export function RowDialogs<T extends { id: string }>({
  dialogs,
  addTitle,
  editTitle,
  form,
  ...remove
}: {
  dialogs: ReturnType<typeof useRowDialogs<T>>;
  addTitle: string;
  editTitle: string;
  form: (row: T | undefined, onDone: () => void) => ReactNode;
} & Omit<RemoveRowProps<T>, 'row' | 'onClose'>) {
  const { adding, setAdding, editing, setEditing, removing, setRemoving } = dialogs;
  const closeAdd = () => setAdding(false);
  const closeEdit = () => setEditing(null);
  return (
    <>
      <Dialog open={adding} onClose={closeAdd} title={addTitle}>
        {adding ? form(undefined, closeAdd) : null}
      </Dialog>
      <Dialog open={editing !== null} onClose={closeEdit} title={editTitle}>
        {editing ? form(editing, closeEdit) : null}
      </Dialog>
      <RemoveRowDialog row={removing} onClose={() => setRemoving(null)} {...remove} />
    </>
  );
}
