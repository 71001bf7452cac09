/** The travel planner's view and tab, kept in the address so a reload opens the same ones. */
export const clientTabs = ['availability', 'proposals'] as const;
export const agentTabs = ['proposals', 'clients', 'calendar'] as const;
export type ClientTab = (typeof clientTabs)[number];
export type AgentTab = (typeof agentTabs)[number];
export type PlannerView = 'client' | 'agent';

export interface PlannerSearch {
  view?: PlannerView;
  tab?: ClientTab | AgentTab;
  /** The year of the agent's Availability Calendar. */
  year?: number;
  /** The client the Availability Calendar is filtered to. */
  client?: string;
  /** A trip request to start a new proposal from (Client Management's Create Proposal). */
  request?: string;
  /** The proposal open in the proposals tab (My Trips' "Proposal sent" links here). */
  proposal?: string;
}

export function parsePlannerSearch(search: Record<string, unknown>): PlannerSearch {
  const result: PlannerSearch = {};
  if (search['view'] === 'client' || search['view'] === 'agent') result.view = search['view'];
  const tab = search['tab'];
  if (typeof tab === 'string' && ([...clientTabs, ...agentTabs] as string[]).includes(tab)) result.tab = tab as ClientTab | AgentTab;
  const year = Number(search['year']);
  if (Number.isInteger(year) && year >= 1900 && year <= 2200) result.year = year;
  if (typeof search['client'] === 'string' && search['client'].length > 0 && search['client'].length <= 100) result.client = search['client'];
  for (const key of ['request', 'proposal'] as const) {
    const value = search[key];
    if (typeof value === 'string' && value.length > 0 && value.length <= 100) result[key] = value;
  }
  return result;
}

/**
 * What the page shows for a user: clients always see the client view; agents start in the
 * agent view on the proposals tab. A tab that does not belong to the view falls back to its first.
 */
export function resolvePlanner(search: PlannerSearch, isAgent: boolean): { view: PlannerView; tab: ClientTab | AgentTab } {
  const view: PlannerView = isAgent ? (search.view ?? 'agent') : 'client';
  const tabs: readonly string[] = view === 'agent' ? agentTabs : clientTabs;
  const tab = search.tab && tabs.includes(search.tab) ? search.tab : (tabs[0] as ClientTab | AgentTab);
  return { view, tab };
}
