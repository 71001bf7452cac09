/** The proposals of the travel planner, for a client or an agent. */
export function ProposalsTab({ view }: { view: 'client' | 'agent' }) {
  return <h2 className="text-xl font-semibold text-ink">{view === 'agent' ? 'Client Trip Proposals' : 'Your Trip Proposals'}</h2>;
}
