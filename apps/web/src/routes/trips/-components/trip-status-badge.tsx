import { Badge, type BadgeTone } from '@naav/ui/badge';
import type { Trip } from '~/lib/api-types';

const tones: Record<Trip['status'], BadgeTone> = { current: 'success', upcoming: 'info', past: 'neutral', cancelled: 'danger' };
const labels: Record<Trip['status'], string> = { current: 'Current', upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' };

export function TripStatusBadge({ status }: { status: Trip['status'] }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}
