import { Badge } from '@naav/ui/badge';
import { TravelImage } from '~/components/travel-image';
import { formatDate, formatDateRange } from '~/lib/format';
import { formatWholeMoney } from '~/lib/money';
import { statusLabels, waitingForNewVersion, type Proposal } from './proposal-model';

/** One proposal in the list; choosing it opens it in the detail panel below. */
export function ProposalCard({ proposal, selected, role, onSelect }: { proposal: Proposal; selected: boolean; role: 'client' | 'agent'; onSelect: () => void }) {
  const status = statusLabels[proposal.status];
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className={`flex h-full w-full gap-3 rounded-xl border bg-surface p-3 text-left shadow-sm transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'
        }`}
      >
        <TravelImage src={proposal.imageUrl} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-ink">{proposal.title}</span>
          <span className="block text-sm text-muted">{proposal.destination}</span>
          <span className="block text-sm text-muted">{formatDateRange(proposal.startDate, proposal.endDate)}</span>
          {role === 'agent' ? <span className="block text-sm text-ink">For {proposal.clientName}</span> : null}
          <span className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            {role === 'client' && proposal.revisionsRequested ? (
              <span className="basis-full font-medium text-amber-900">{waitingForNewVersion}</span>
            ) : (
              <Badge tone={status.tone}>{status.label}</Badge>
            )}
            {proposal.expired ? <Badge tone="danger">Expired</Badge> : null}
            <span className="text-ink">{formatWholeMoney(proposal.budget)}</span>
            {role === 'agent' && proposal.viewedAt && proposal.status === 'reviewing' ? (
              <span className="text-muted">Viewed on {formatDate(proposal.viewedAt.slice(0, 10))}</span>
            ) : null}
            {role === 'agent' && proposal.pendingFeedbackCount > 0 ? <Badge tone="warning">{proposal.pendingFeedbackCount} new feedback</Badge> : null}
          </span>
        </span>
      </button>
    </li>
  );
}
