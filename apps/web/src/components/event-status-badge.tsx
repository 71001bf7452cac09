import { Badge } from '@naav/ui/badge';
import type { TripEvent } from '../lib/api-types';

const tones: Record<TripEvent['status'], 'success' | 'warning' | 'danger' | 'neutral'> = {
  confirmed: 'success',
  pending: 'warning',
  delayed: 'danger',
  cancelled: 'neutral',
};

const labels: Record<TripEvent['status'], string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  delayed: 'Delayed',
  cancelled: 'Cancelled',
};

export function EventStatusBadge({ status }: { status: TripEvent['status'] }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}
