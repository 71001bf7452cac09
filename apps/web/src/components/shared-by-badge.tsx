import { Badge } from '@naav/ui/badge';
import { Icon } from './icon';
import type { Trip } from '../lib/api-types';
import { sharedByLabel } from '../lib/trip-permissions';

/**
 * "Shared by Maya" on a trip someone shared with the signed-in user through a family group,
 * with "View only" beside it when their permission does not let them change it. Nothing on
 * one's own trip.
 */
export function SharedByBadge({ trip, className }: { trip: Pick<Trip, 'sharedBy' | 'access'>; className?: string }) {
  const label = sharedByLabel(trip);
  if (!label) return null;
  return (
    <span className={`inline-flex flex-wrap gap-1 ${className ?? ''}`}>
      <Badge tone="info">
        <Icon name="users" className="size-3.5" />
        {label}
      </Badge>
      {trip.access === 'view' ? <Badge tone="neutral">View only</Badge> : null}
    </span>
  );
}
