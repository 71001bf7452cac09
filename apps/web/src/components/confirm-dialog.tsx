import type { ReactNode } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';

/** Asks before a destructive (or lasting) action; the dangerous button names the action, the other keeps things as they are. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Keep it',
  pending,
  disabled = false,
  confirmVariant = 'danger',
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  /** Not available now (offline: the description says why), without the busy label. */
  disabled?: boolean;
  /** `primary` for a confirmation that records rather than destroys (a payment). */
  confirmVariant?: 'danger' | 'primary';
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      size="sm"
      hideCloseButton
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} disabled={pending || disabled}>
            {pending ? 'Working…' : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
