import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { useOnline } from '../lib/use-online';

/** The mark on an item made or changed without a network, until the server has stored it. */
export function WaitingToSync({ className }: { className?: string }) {
  return (
    <Badge tone="warning" className={className}>
      Waiting to sync
    </Badge>
  );
}

/**
 * The mark with Cancel beside it: the change is taken back and never sent. Offered while the
 * change waits for the network; once the network is back it is on its way and can no longer be.
 */
export function WaitingToSyncWithCancel({
  what,
  onCancel,
}: {
  /** Names the change for Cancel's label ("the changes to Fado night"). */ what: string;
  onCancel: () => void;
}) {
  const online = useOnline();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <WaitingToSync />
      {online ? null : (
        <Button variant="ghost" size="sm" onClick={onCancel} aria-label={`Cancel ${what}`}>
          Cancel
        </Button>
      )}
    </span>
  );
}
