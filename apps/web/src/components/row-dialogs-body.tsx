import { Dialog } from '@naav/ui/dialog';
import { RemoveRowDialog } from './remove-row-dialog';
import type { RowDialogsProps } from './row-dialogs';

/** RowDialogs' dialogs (row-dialogs.tsx says what they do), loaded the first time one opens. */
export function RowDialogsBody<T extends { id: string }>({
  dialogs,
  addTitle,
  editTitle,
  form,
  open: _open,
  ...remove
}: {
  open: boolean;
} & RowDialogsProps<T>) {
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
