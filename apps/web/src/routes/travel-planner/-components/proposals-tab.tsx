import { isTravelTeam } from '@naav/schemas/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { LiveTopics } from '~/components/live-topics';
import { NeedsConnection, useNeedsConnection } from '~/components/needs-connection';
import { useTRPC } from '~/lib/trpc';
import { CreateProposalDialog } from './proposals/create-proposal-dialog';
import { ProposalCard } from './proposals/proposal-card';
import { ProposalDetail } from './proposals/proposal-detail';
import { visibleToClient, type Proposal } from './proposals/proposal-model';
import { QueryState } from '~/components/query-state';

type Filter = 'pending' | 'all';

/**
 * Proposals: an agent's pending or all proposals with Create New Proposal, or the client's own.
 * Cards first, then the chosen proposal in the detail panel.
 */
export function ProposalsTab({
  view,
  selectedId,
  onSelect,
  startFromRequest = null,
  onStarted,
}: {
  view: 'client' | 'agent';
  /** The proposal shown in the detail panel (kept in the address); the first one when absent or not listed. */
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** A trip request to open Create New Proposal with, prefilled from it. */
  startFromRequest?: string | null;
  onStarted?: () => void;
}) {
  const trpc = useTRPC();
  const me = useQuery(trpc.me.get.queryOptions());
  const [filter, setFilter] = useState<Filter>(view === 'agent' ? 'pending' : 'all');
  const proposals = useQuery(trpc.proposals.list.queryOptions({ filter }));
  const [creating, setCreating] = useState(false);
  const offline = useNeedsConnection();
  const isClient = me.data?.role === 'client';
  // An agent looking through the client view sees what a client would: no draft that was never submitted.
  const list = (proposals.data ?? []).filter((p) => view === 'agent' || visibleToClient(p));
  const requests = useQuery({
    ...trpc.tripRequests.ofClients.queryOptions({}),
    enabled: view === 'agent' && startFromRequest !== null,
  });
  const fromRequest = requests.data?.find((r) => r.id === startFromRequest) ?? null;
  useEffect(() => {
    if (fromRequest) setCreating(true);
  }, [fromRequest]);
  const selected = list.find((p) => p.id === selectedId) ?? list[0] ?? null;
  useOpenOnce(isClient ? selected : null);

  const title = view === 'agent' ? 'Client Trip Proposals' : 'Your Trip Proposals';
  return (
    <section aria-labelledby="proposals-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="proposals-heading" className="text-xl font-semibold text-ink">
          {title}
        </h2>
        {/* A client's decision reaches the agent at once, and a submitted proposal the client. */}
        <LiveTopics
          topics={[me.data ? (isTravelTeam(me.data.role) ? 'proposals' : `proposals:${me.data.id}`) : null]}
        />
        {view === 'agent' ? (
          <div className="flex flex-wrap gap-2">
            <fieldset aria-label="Filter proposals" className="flex min-w-0 gap-2">
              {(
                [
                  ['pending', 'Pending Proposals'],
                  ['all', 'All Proposals'],
                ] as const
              ).map(([value, label]) => (
                <Button
                  key={value}
                  variant={filter === value ? 'primary' : 'secondary'}
                  size="sm"
                  aria-pressed={filter === value}
                  onClick={() => setFilter(value)}
                >
                  {label}
                </Button>
              ))}
            </fieldset>
            <Button size="sm" onClick={() => setCreating(true)} disabled={offline}>
              Create New Proposal
            </Button>
            <NeedsConnection action="Creating a proposal" className="basis-full text-sm text-muted" />
          </div>
        ) : null}
      </div>
      <QueryState
        query={proposals}
        loading={{ text: 'Loading proposals...' }}
        error={{ what: 'the proposals' }}
        isEmpty={() => list.length === 0}
        empty={
          <Card>
            <EmptyState
              titleAs="h3"
              title="No proposals found"
              description={
                view === 'agent'
                  ? 'Create a proposal from a client’s availability, occasion or trip request.'
                  : 'When your travel team sends you a trip proposal, it appears here.'
              }
              action={
                view === 'agent' ? (
                  <Button onClick={() => setCreating(true)} disabled={offline}>
                    Create New Proposal
                  </Button>
                ) : undefined
              }
            />
          </Card>
        }
      >
        {() => (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Proposals">
              {list.map((p) => (
                <ProposalCard
                  key={p.id}
                  proposal={p}
                  role={view}
                  selected={p.id === selected?.id}
                  onSelect={() => onSelect(p.id)}
                />
              ))}
            </ul>
            {selected ? <ProposalDetail proposal={selected} role={view} canDecide={isClient} /> : null}
          </>
        )}
      </QueryState>
      {view === 'agent' ? (
        <CreateProposalDialog
          open={creating}
          fromRequest={fromRequest}
          onClose={() => {
            setCreating(false);
            if (startFromRequest) onStarted?.();
          }}
          onCreated={(p) => onSelect(p.id)}
        />
      ) : null}
    </section>
  );
}

/** The client looking at a submitted proposal tells the server once, which moves it to reviewing. */
function useOpenOnce(proposal: Proposal | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const opened = useRef(new Set<string>());
  const open = useMutation(
    trpc.proposals.open.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.proposals.pathFilter()),
    }),
  );
  const { mutate } = open;
  useEffect(() => {
    if (proposal?.status !== 'submitted' || opened.current.has(`${proposal.id}:${proposal.version}`)) return;
    opened.current.add(`${proposal.id}:${proposal.version}`);
    mutate({ id: proposal.id });
  }, [proposal, mutate]);
}
