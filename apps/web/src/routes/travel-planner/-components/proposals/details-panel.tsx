import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDateRange, formatTripLength } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { formatWholeMoney } from '~/lib/money';
import type { Proposal } from './proposal-model';
import { QueryState } from '~/components/query-state';

/** What the trip includes, its dates and money, and who it is for (or who prepared it). */
export function DetailsPanel({ proposal, role }: { proposal: Proposal; role: 'client' | 'agent' }) {
  const lists = [
    ['Highlights', proposal.details.highlights],
    ['Inclusions', proposal.details.inclusions],
    ['Exclusions', proposal.details.exclusions],
  ] as const;
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="space-y-4">
        {proposal.description ? <p className="text-ink">{proposal.description}</p> : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Fact term="Destination" value={proposal.destination} />
          <Fact term="Dates" value={`${formatDateRange(proposal.startDate, proposal.endDate)} (${formatTripLength(proposal.startDate, proposal.endDate)})`} />
          <Fact term="Budget" value={formatWholeMoney(proposal.budget)} />
          <Fact term="Valid until" value={formatDate(proposal.expiryDate)} />
        </dl>
        <div className="grid gap-4 sm:grid-cols-3">
          {lists.map(([title, entries]) => (
            <section key={title} aria-label={title}>
              <h4 className="text-sm font-semibold text-ink">{title}</h4>
              {entries.length === 0 ? (
                <p className="mt-1 text-sm text-muted">None listed</p>
              ) : (
                <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink">
                  {entries.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
      {role === 'agent' ? (
        <ClientDetails proposal={proposal} />
      ) : (
        <section aria-labelledby={`consultant-${proposal.id}`} className="rounded-lg bg-canvas p-4 text-sm">
          <h4 id={`consultant-${proposal.id}`} className="font-semibold text-ink">
            Your travel consultant
          </h4>
          <p className="mt-1 text-ink">{proposal.agentName}</p>
          <p className="mt-1 text-muted">Questions? Leave them under Feedback or ask the concierge.</p>
        </section>
      )}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-muted">{term}</dt>
      <dd className="font-medium text-ink">{value}</dd>
    </div>
  );
}

/** The client's real name, e-mail and upcoming availability windows. */
function ClientDetails({ proposal }: { proposal: Proposal }) {
  const trpc = useTRPC();
  const windows = useQuery(trpc.clients.availability.queryOptions({ clientId: proposal.userId }));
  const today = new Date().toISOString().slice(0, 10);
  const upcoming = windows.data?.filter((w) => w.endDate >= today) ?? [];
  return (
    <section aria-labelledby={`client-${proposal.id}`} className="rounded-lg bg-canvas p-4 text-sm">
      <h4 id={`client-${proposal.id}`} className="font-semibold text-ink">
        Client details
      </h4>
      <p className="mt-1 font-medium text-ink">{proposal.clientName}</p>
      <p className="break-all text-muted">{proposal.clientEmail}</p>
      <h5 className="mt-3 font-semibold text-ink">Upcoming availability</h5>
      <QueryState query={windows} loading={<p className="mt-1 text-muted">Loading…</p>} error={{ what: 'the client\'s availability' }} isEmpty={() => upcoming.length === 0} empty={<p className="mt-1 text-muted">No upcoming availability</p>}>
        {() => (
          <ul className="mt-1 space-y-1 text-ink">
          {upcoming.map((w) => (
            <li key={w.id}>
              {formatDateRange(w.startDate, w.endDate)}
              {w.id === proposal.availabilityId ? <span className="text-muted"> (this proposal)</span> : null}
            </li>
          ))}
        </ul>
        )}
      </QueryState>
    </section>
  );
}
