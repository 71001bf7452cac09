import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonVariant } from '@naav/ui/button';
import { Icon } from './icon';

// The dialog brings the form library with it: loaded on the first click, not with the screen.
const NewTripDialog = lazy(() => import('./new-trip-dialog').then((m) => ({ default: m.NewTripDialog })));

/** "New trip": opens the dialog that makes a trip; the traveller then lands on its page. */
export function NewTripButton({ variant = 'primary', className }: { variant?: ButtonVariant; className?: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can play its closing transition.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        className={className}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Icon name="plus" className="size-5" />
        New trip
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <NewTripDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
