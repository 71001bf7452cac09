import { Badge, type BadgeTone } from '@naav/ui/badge';
import type { RouterOutputs } from '~/lib/api-types';

export type RequestStatus = RouterOutputs['concierge']['requests'][number]['status'];

/** §4: pending, in_progress and completed show as blue, amber and green. */
const look: Record<RequestStatus, { tone: BadgeTone; label: string }> = {
  pending: { tone: 'info', label: 'Pending' },
  in_progress: { tone: 'warning', label: 'In Progress' },
  completed: { tone: 'success', label: 'Completed' },
};

export const statusLabel = (status: RequestStatus) => look[status].label;

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge tone={look[status].tone} data-status={status}>
      {look[status].label}
    </Badge>
  );
}
