import { idParam, searchSchema, tabParam, yearParam } from '~/lib/search-params';

/** The travel planner's view and tab, kept in the address so a reload opens the same ones. */
export const clientTabs = ['availability', 'proposals'] as const;
export const agentTabs = ['proposals', 'clients', 'calendar'] as const;
export type ClientTab = (typeof clientTabs)[number];
export type AgentTab = (typeof agentTabs)[number];
export type PlannerView = 'client' | 'agent';

/** The planner's address: `validateSearch` of /travel-planner. Anything unknown or malformed is dropped. */
export const plannerSearch = searchSchema({
  view: tabParam(['client', 'agent']),
  tab: tabParam([...clientTabs, ...agentTabs]),
  /** The year of the agent's Availability Calendar. */
  year: yearParam,
  /** The client the Availability Calendar is filtered to. */
  client: idParam,
  /** A trip request to start a new proposal from (Client Management's Create Proposal). */
  request: idParam,
  /** The proposal open in the proposals tab (My Trips' "Proposal sent" links here). */
  proposal: idParam,
});

export type PlannerSearch = ReturnType<typeof plannerSearch.parse>;

/**
 * What the page shows for a user: clients always see the client view; agents start in the
 * agent view on the proposals tab. A tab that does not belong to the view falls back to its first.
 */
export function resolvePlanner(
  search: PlannerSearch,
  isAgent: boolean,
): { view: PlannerView; tab: ClientTab | AgentTab } {
  const view: PlannerView = isAgent ? (search.view ?? 'agent') : 'client';
  const tabs: readonly string[] = view === 'agent' ? agentTabs : clientTabs;
  const tab = search.tab && tabs.includes(search.tab) ? search.tab : (tabs[0] as ClientTab | AgentTab);
  return { view, tab };
}
