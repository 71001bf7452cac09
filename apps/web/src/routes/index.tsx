import { isTravelTeam } from '@naav/schemas/role-names';
import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '../components/page-title';
import { LiveTopics } from '../components/live-topics';
import { useMe } from '../components/use-me';
import { AgentDesk } from './-components/home/agent-desk';
import { ConciergeSection } from './-components/home/concierge-section';
import { FutureColumn } from './-components/home/future-column';
import { Hero } from './-components/home/hero';
import { PastColumn, recentTravelLimit } from './-components/home/past-column';
import { PresentColumn } from './-components/home/present-column';

export const Route = createFileRoute('/')({
  // Start every column's request at once; each column shows its own loading state.
  loader: ({ context: { queryClient, trpc } }) => {
    void queryClient.prefetchQuery(trpc.journal.latest.queryOptions({ count: recentTravelLimit }));
    void queryClient.prefetchQuery(trpc.trips.current.queryOptions());
    void queryClient.prefetchQuery(trpc.inspirations.nextTrip.queryOptions());
  },
  component: HomePage,
});

function HomePage() {
  usePageTitle('Navigate');
  const me = useMe();
  return (
    <>
      {/* An agent's Home is their desk: what waits for them comes first, above their own travel. */}
      {isTravelTeam(me?.role) ? (
        <>
          <LiveTopics topics={['concierge', 'proposals']} />
          <AgentDesk />
        </>
      ) : null}
      <Hero />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 pt-10 lg:grid-cols-3">
        <PastColumn />
        <PresentColumn />
        <FutureColumn />
      </div>
      <ConciergeSection />
    </>
  );
}
