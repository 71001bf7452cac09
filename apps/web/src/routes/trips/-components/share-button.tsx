import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { Icon } from '~/components/icon';
import { LazyShareTripDialog } from '~/components/lazy-dialogs';
import { preloadOnIntent } from '~/components/lazy-dialog';

/** The Share button and its dialog: create the read-only link, copy it, revoke it (after confirming). */
export function ShareButton({ tripId, tripTitle }: { tripId: string; tripTitle: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        {...preloadOnIntent(LazyShareTripDialog)}
      >
        <Icon name="share" />
        Share
      </Button>
      {open && (
        <LazyShareTripDialog
          open
          tripId={tripId}
          title="Share this trip"
          description={tripTitle}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
