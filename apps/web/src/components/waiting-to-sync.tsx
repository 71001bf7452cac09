import { Badge } from '@naav/ui/badge';

/** The mark on an item made or changed without a network, until the server has stored it. */
export function WaitingToSync({ className }: { className?: string }) {
  return (
    <Badge tone="warning" className={className}>
      Waiting to sync
    </Badge>
  );
}
