import { StatusBadge, type StatusLooks } from '~/components/status-badge';
import type { Trip } from '~/lib/api-types';

const looks: StatusLooks<Trip['status']> = {
  current: { tone: 'success', label: 'Current' },
  upcoming: { tone: 'info', label: 'Upcoming' },
  past: { tone: 'neutral', label: 'Past' },
  cancelled: { tone: 'danger', label: 'Cancelled' },
};

export function TripStatusBadge({ status }: { status: Trip['status'] }) {
  return <StatusBadge status={status} looks={looks} />;
}
