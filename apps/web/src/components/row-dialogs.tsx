import { useState, type ComponentType, type ReactNode } from 'react';
import { lazyDialog } from './lazy-dialog';
import type { RemoveRowProps } from './row-texts';

/** Which of a list's dialogs is open: Add, Edit for a row, or Delete for a row. */
export function useRowDialogs<T>() {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  return { adding, setAdding, editing, setEditing, removing, setRemoving };
}

export type RowDialogsProps<T> = {
  dialogs: ReturnType<typeof useRowDialogs<T>>;
  addTitle: string;
  editTitle: string;
  form: (row: T | undefined, onDone: () => void) => ReactNode;
} & Omit<RemoveRowProps<T>, 'row' | 'onClose'>;

// The dialogs' code loads the first time one opens (or on intent: preloadRowDialogs).
const Body = lazyDialog(() =>
  import('./row-dialogs-body').then(
    (m) => m.RowDialogsBody as ComponentType<RowDialogsProps<never> & { open: boolean }>,
  ),
);

/** Fetches the dialogs' code; for the list's buttons (preloadOnIntent). */
export const rowDialogs = { preload: Body.preload };

/**
 * A list's Add and Edit dialogs around its form (`form(row, onDone)`: no row to add one), and its
 * delete question (RemoveRowDialog, with `mutation`, `listKey` and `texts`), loaded the first time one
 * opens. The edit form is mounted only while open, so every opening starts from the saved row.
 */
export function RowDialogs<T extends { id: string }>(props: RowDialogsProps<T>) {
  const { adding, editing, removing } = props.dialogs;
  const open = adding || editing !== null || removing !== null;
  return <Body {...(props as unknown as RowDialogsProps<never>)} open={open} />;
}
