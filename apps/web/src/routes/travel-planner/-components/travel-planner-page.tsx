import { isTravelTeam } from '@naav/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { Tabs } from '@naav/ui/tabs';
import { usePageTitle } from '~/components/page-title';
import { useTRPC } from '~/lib/trpc';
import { AgentCalendarTab } from './agent-calendar-tab';
import { ClientManagementTab } from './client-management-tab';
import { MyAvailabilityTab } from './my-availability-tab';
import { agentTabs, clientTabs, resolvePlanner, type PlannerSearch } from './planner-search';
import { ProposalsTab } from './proposals-tab';

/** The travel planner: a client's availability and proposals, or (for agents) the clients' side of planning. */
export function TravelPlannerPage({
  search,
  onSearchChange,
}: {
  search: PlannerSearch;
  onSearchChange: (next: PlannerSearch) => void;
}) {
  usePageTitle('Travel Planner');
  const trpc = useTRPC();
  const me = useQuery(trpc.me.get.queryOptions());
  const isAgent = isTravelTeam(me.data?.role);
  const { view, tab } = resolvePlanner(search, isAgent);
  // The proposal open in the proposals tab lives in the address (My Trips' "Proposal sent" links to it).
  const openProposal = (proposal: string) => onSearchChange({ ...search, tab: 'proposals', proposal });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Travel Planner</h1>
          <p className="mt-2 text-muted">
            {view === 'agent'
              ? "Your clients' proposals, availability and special occasions."
              : 'Share when you can travel and review the trips your travel team proposes.'}
          </p>
        </div>
        {isAgent ? (
          <Button
            variant="secondary"
            onClick={() =>
              onSearchChange(
                view === 'agent' ? { view: 'client', tab: 'availability' } : { view: 'agent', tab: 'proposals' },
              )
            }
          >
            {view === 'agent' ? 'Switch to Client View' : 'Switch to Agent View'}
          </Button>
        ) : null}
      </div>
      {view === 'agent' ? (
        <Tabs
          key="agent"
          className="mt-6"
          label="Agent planner"
          selectedIndex={agentTabs.indexOf(tab as (typeof agentTabs)[number])}
          onChange={(index) => onSearchChange({ ...search, view: 'agent', tab: agentTabs[index] ?? 'proposals' })}
          tabs={[
            {
              key: 'proposals',
              label: 'Client Proposals',
              content: (
                <ProposalsTab
                  view="agent"
                  selectedId={search.proposal ?? null}
                  onSelect={openProposal}
                  startFromRequest={search.request ?? null}
                  onStarted={() => onSearchChange({ ...search, request: undefined })}
                />
              ),
            },
            {
              key: 'clients',
              label: 'Client Management',
              content: (
                <ClientManagementTab
                  onStartProposal={(request) => onSearchChange({ view: 'agent', tab: 'proposals', request })}
                />
              ),
            },
            {
              key: 'calendar',
              label: 'Availability Calendar',
              content: (
                <AgentCalendarTab
                  year={search.year ?? new Date().getFullYear()}
                  clientId={search.client ?? null}
                  onChange={(next) => onSearchChange({ ...search, view: 'agent', tab: 'calendar', ...next })}
                />
              ),
            },
          ]}
        />
      ) : (
        <Tabs
          key="client"
          className="mt-6"
          label="Planner"
          selectedIndex={clientTabs.indexOf(tab as (typeof clientTabs)[number])}
          onChange={(index) =>
            onSearchChange({ view: isAgent ? 'client' : undefined, tab: clientTabs[index] ?? 'availability' })
          }
          tabs={[
            { key: 'availability', label: 'My Availability', content: <MyAvailabilityTab /> },
            {
              key: 'proposals',
              label: 'Travel Proposals',
              content: <ProposalsTab view="client" selectedId={search.proposal ?? null} onSelect={openProposal} />,
            },
          ]}
        />
      )}
    </div>
  );
}
