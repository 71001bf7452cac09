import type { TripEvent } from '../lib/api-types';
import { StatusBadge, type StatusLooks } from './status-badge';

const looks: StatusLooks<TripEvent['status']> = {
  confirmed: { tone: 'success', label: 'Confirmed' },
  pending: { tone: 'warning', label: 'Pending' },
  delayed: { tone: 'danger', label: 'Delayed' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
};

export function EventStatusBadge({ status }: { status: TripEvent['status'] }) {
  return <StatusBadge status={status} looks={looks} />;
}
