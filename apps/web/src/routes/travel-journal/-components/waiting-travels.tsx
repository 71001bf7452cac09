import { WaitingToSync } from '~/components/waiting-to-sync';
import { formatDateRange } from '~/lib/format';
import { useWaitingWrites } from '~/lib/use-queued-writes';

/** Journal entries added without a network, shown at once until the server has stored them. */
export function WaitingTravels() {
  const waiting = useWaitingWrites('journal.create');
  if (waiting.length === 0) return null;
  return (
    <ul aria-label="Travels waiting to sync" className="mb-4 space-y-2">
      {waiting.map(({ input, idempotencyKey }) => (
        <li key={idempotencyKey} className="flex flex-wrap items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-surface p-3">
          <span className="font-medium text-ink">{input.title}</span>
          <span className="text-sm text-muted">
            {input.location} · {formatDateRange(input.startDate, input.endDate)}
          </span>
          <WaitingToSync />
        </li>
      ))}
    </ul>
  );
}
