import { useQuery } from '@tanstack/react-query';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { priorityLabels, occasionTypeLabels } from '~/components/availability/availability-labels';
import type { RouterOutputs } from '~/lib/api-types';
import { formatDate, formatDateRange } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { FoodPreferencesSummary } from '~/components/food-preferences-summary';
import { QueryState } from '~/components/query-state';
import { ClientAgentSelect } from './client-agent-select';

type ClientOverview = RouterOutputs['clients']['overview'][number];

/** Every client with what an agent plans from: upcoming windows, the next occasion and open trip requests. */
export function ClientManagementTab({ onStartProposal }: { onStartProposal?: (tripRequestId: string) => void } = {}) {
  const trpc = useTRPC();
  const overview = useQuery(trpc.clients.overview.queryOptions());
  return (
    <section aria-labelledby="clients-heading">
      <h2 id="clients-heading" className="text-xl font-semibold text-ink">
        Client Management
      </h2>
      <div className="mt-4">
        <QueryState
          query={overview}
          loading={{ text: 'Loading clients...' }}
          error={{ what: 'your clients' }}
          empty={
            <Card>
              <EmptyState titleAs="h3" title="No clients yet" description="Travellers appear here once they sign up." />
            </Card>
          }
        >
          {(data) => (
            <ul className="grid gap-4 lg:grid-cols-2">
              {data.map((client) => (
                <ClientCard key={client.id} client={client} onStartProposal={onStartProposal} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}

function ClientCard({
  client,
  onStartProposal,
}: {
  client: ClientOverview;
  onStartProposal?: (tripRequestId: string) => void;
}) {
  const headingId = `client-${client.id}`;
  return (
    <Card as="li" className="p-4 sm:p-5" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {client.name}
      </h3>
      <p className="text-sm break-all text-muted">{client.email}</p>
      <ClientAgentSelect client={client} />

      <h4 className="mt-4 text-sm font-semibold text-ink">Upcoming availability</h4>
      {client.upcomingAvailability.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No upcoming availability</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {client.upcomingAvailability.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-2">
              <span className="text-ink">{formatDateRange(w.startDate, w.endDate)}</span>
              <Badge tone={w.priority >= 4 ? 'brand' : 'neutral'}>{priorityLabels[w.priority]}</Badge>
              {w.isFlexible ? <span className="text-muted">± {w.flexibilityDays} days</span> : null}
            </li>
          ))}
        </ul>
      )}

      <h4 className="mt-4 text-sm font-semibold text-ink">Next occasion</h4>
      {client.nextOccasion?.nextDate ? (
        <p className="mt-1 text-sm text-ink">
          {client.nextOccasion.title} · {occasionTypeLabels[client.nextOccasion.occasionType]} ·{' '}
          {formatDate(client.nextOccasion.nextDate)}
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted">No upcoming occasions</p>
      )}

      <h4 className="mt-4 text-sm font-semibold text-ink">Open trip requests</h4>
      {client.openTripRequests.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No open trip requests</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {client.openTripRequests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-2">
              <span className="font-medium text-ink">{r.destination}</span>
              <span className="text-muted">{formatDateRange(r.startDate, r.endDate)}</span>
              {onStartProposal ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onStartProposal(r.id)}
                  aria-label={`Create a proposal for ${r.destination}`}
                >
                  Create Proposal
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <div className="mt-4">
        <FoodPreferencesSummary clientId={client.id} headingLevel="h4" />
      </div>
    </Card>
  );
}
