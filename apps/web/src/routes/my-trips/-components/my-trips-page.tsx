import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { MyTripsTab } from './my-trips-tabs';
import { type RouteTab, RouteTabs } from '~/components/route-tabs';
import { LiveTopics } from '~/components/live-topics';
import { usePageTitle } from '~/components/page-title';
import { useMe } from '~/components/use-me';
import { useTRPC } from '~/lib/trpc';
import { TripDocumentWarnings } from '~/components/trip-document-warnings';
import { CurrentTripTab } from './current-trip-tab';
import { PastTripsTab } from './past-trips-tab';
import { LoadingBlock } from '~/components/loading-block';
import { NewTripButton } from '~/components/new-trip-button';

// Upcoming, with the trip planner's form (and the form library), loads when its tab is first pointed
// at, focused or chosen: the screen opens on Current Trip.
const loadUpcoming = () => import('./upcoming-tab');
const UpcomingTab = lazy(() => loadUpcoming().then((m) => ({ default: m.UpcomingTab })));

const tripTabs: readonly RouteTab<MyTripsTab>[] = [
  { key: 'current', label: 'Current Trip', content: <CurrentTripTab /> },
  {
    key: 'upcoming',
    label: 'Upcoming',
    content: (
      <Suspense fallback={<LoadingBlock text="Loading upcoming trips..." />}>
        <UpcomingTab />
      </Suspense>
    ),
    preload: () => void loadUpcoming().catch(() => undefined),
  },
  { key: 'past', label: 'Past Trips', content: <PastTripsTab /> },
];

/** My Trips: the trip under way, the ones ahead with the planner form, and the ones behind. */
export function MyTripsPage({ tab, onTabChange }: { tab: MyTripsTab; onTabChange: (tab: MyTripsTab) => void }) {
  usePageTitle('My Trips');
  const me = useMe();
  const trpc = useTRPC();
  // The same query as the Current Trip tab's (one request): its day panel shows the trip's events and companions.
  const current = useQuery(trpc.trips.current.queryOptions());
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">My Trips</h1>
        {/* On every tab: making a trip by hand is one click from anywhere on My Trips. */}
        <NewTripButton variant={tab === 'upcoming' ? 'secondary' : 'primary'} />
      </div>
      {/* The user's trips and trip requests, and the current trip's schedule and companions, changed from another tab, server or by a group member. */}
      <LiveTopics topics={[me ? `trips:${me.id}` : null, current.data ? `trip:${current.data.id}` : null]} />
      <TripDocumentWarnings className="mt-4" />
      <RouteTabs className="mt-6" label="Trips" tabs={tripTabs} tab={tab} onTabChange={onTabChange} />
    </div>
  );
}
