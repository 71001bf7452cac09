import { tripTabs, type TripTab } from './trip-tabs';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Skeleton } from '@naav/ui/skeleton';
import { Tabs } from '@naav/ui/tabs';
import { usePageTitle } from '~/components/page-title';
import type { Trip } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { isMissing } from '~/components/api-errors';
import { BackToMyTrips } from './back-link';
import { ChatButton } from './chat-button';
import { Button } from '@naav/ui/button';
import { LazyEditTripDialog } from '~/components/lazy-dialogs';
import { preloadOnIntent } from '~/components/lazy-dialog';
import { Icon } from '~/components/icon';
import { ManageCompanionsCard } from '~/components/manage-companions-card';
import { ActivityPanel } from './activity-panel';
import { ConciergeCard } from './concierge-card';
import { DetailsTab } from './details-tab';
import { DocumentsTab } from './documents-tab';
import { LoadError } from '~/components/load-error';
import { ItineraryTab } from './itinerary-tab';
import { PackingList } from './packing-list';
import { TodosCard } from './todos-card';
import { TripHeader } from './trip-header';
import { LiveTopics } from '~/components/live-topics';
import { TripNotFound } from './trip-not-found';
import { QueryState } from '~/components/query-state';
import { useDayPlanTrip } from '~/lib/day-plan';
import { LoadingBlock } from '~/components/loading-block';

// Photos (its viewer dialog, the upload) loads when its tab is first pointed at, focused or chosen.
const loadPhotos = () => import('./photos-tab');
const PhotosTab = lazy(() => loadPhotos().then((m) => ({ default: m.PhotosTab })));
const preloadPhotos = () => void loadPhotos().catch(() => undefined);

export function TripDetailPage({
  tripId,
  tab,
  onTabChange,
}: {
  tripId: string;
  tab: TripTab;
  onTabChange: (tab: TripTab) => void;
}) {
  // The trip and its events come in one request; the itinerary reads the events of the same answer.
  const trip = useDayPlanTrip(tripId);
  const [header, setHeader] = useState<HTMLElement | null>(null);

  if (trip.isError && isMissing(trip.error)) return <TripNotFound />;
  return (
    // Room for the floating chat button: below the page on a phone, beside it (a gutter on the
    // right) from the large breakpoint, where the Activity panel's column would run under it.
    <div className="mx-auto max-w-7xl px-4 pb-24 pt-4 lg:pr-24">
      <BackToMyTrips status={trip.data?.status} />
      <QueryState
        query={trip}
        loading={<TripLoading />}
        error={
          <div className="mt-4">
            <h1 className="font-display text-2xl font-semibold text-ink">Trip details</h1>
            <div className="mt-4">
              <LoadError text="This trip could not be loaded." onRetry={() => void trip.refetch()} />
            </div>
          </div>
        }
      >
        {(data) => <TripContent trip={data} tab={tab} onTabChange={onTabChange} headerRef={setHeader} />}
      </QueryState>
      <ChatButton header={header} />
    </div>
  );
}

function TripContent({
  trip,
  tab,
  onTabChange,
  headerRef,
}: {
  trip: Trip;
  tab: TripTab;
  onTabChange: (tab: TripTab) => void;
  headerRef: (element: HTMLElement | null) => void;
}) {
  usePageTitle(trip.title);
  // The trip answers the signed-in user's access with it (owner, or a group member's permission), so
  // editing and sharing are laid out with the first paint; a changed permission refetches the trip.
  const access = trip.access;
  const mayChange = access !== 'view';
  // The page is the planning workspace of a trip that has not ended; one that has (or was
  // cancelled) is read as it was, its edit controls behind Edit for corrections.
  const settled = trip.status === 'past' || trip.status === 'cancelled';
  const [correcting, setCorrecting] = useState(false);
  const canEdit = mayChange && (!settled || correcting);
  const [editingDetails, setEditingDetails] = useState(false);
  const editActions = !mayChange ? null : canEdit ? (
    <>
      <Button onClick={() => setEditingDetails(true)} {...preloadOnIntent(LazyEditTripDialog)}>
        <Icon name="pencil" className="size-4" />
        Edit Trip Details
      </Button>
      {settled ? (
        <Button variant="secondary" onClick={() => setCorrecting(false)}>
          Done
        </Button>
      ) : null}
    </>
  ) : (
    <Button
      variant="secondary"
      onClick={() => setCorrecting(true)}
      aria-label="Edit this trip"
      title="Correct the details, events or companions of this trip"
    >
      <Icon name="pencil" className="size-4" />
      Edit
    </Button>
  );
  const tabs = [
    { key: 'itinerary', label: 'Itinerary', content: <ItineraryTab trip={trip} canEdit={canEdit} /> },
    { key: 'details', label: 'Details', content: <DetailsTab trip={trip} /> },
    { key: 'documents', label: 'Documents', content: <DocumentsTab tripId={trip.id} /> },
    {
      key: 'photos',
      label: 'Photos',
      content: (
        <Suspense fallback={<LoadingBlock text="Loading photos..." />}>
          <PhotosTab tripId={trip.id} canEdit={access !== 'view'} />
        </Suspense>
      ),
      preload: preloadPhotos,
    },
  ] satisfies { key: TripTab; label: string; content: ReactNode; preload?: () => void }[];
  return (
    <div className="mt-2">
      <TripHeader ref={headerRef} trip={trip} access={access} actions={editActions} />
      {canEdit && settled ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          This trip has {trip.status === 'past' ? 'ended' : 'been cancelled'}: what you change now corrects its record.
        </p>
      ) : null}
      <LazyEditTripDialog trip={trip} open={editingDetails} onClose={() => setEditingDetails(false)} />
      {/* Another member's edits (events, companions, photos, details) and a changed permission show at once. */}
      <LiveTopics topics={[`trip:${trip.id}`]} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {/* Edge to edge on phones, so the four tabs fit across. */}
          <div className="-mx-4 min-w-0 border-y border-slate-200 bg-surface px-4 py-4 sm:mx-0 sm:rounded-xl sm:border sm:p-6 sm:shadow-sm">
            <Tabs
              label="Trip sections"
              tabs={tabs}
              selectedIndex={tripTabs.indexOf(tab)}
              onChange={(index) => onTabChange(tripTabs[index] ?? 'itinerary')}
            />
          </div>
          {/* The packing list has a section of its own (a fifth tab would not fit across a phone). */}
          <div className="-mx-4 min-w-0 border-y border-slate-200 bg-surface px-4 py-4 sm:mx-0 sm:rounded-xl sm:border sm:p-6 sm:shadow-sm">
            <PackingList trip={trip} canEdit={canEdit} />
          </div>
        </div>
        <aside className="space-y-6" aria-label="Trip support">
          <TripCompanions trip={trip} canEdit={canEdit} />
          <ActivityPanel tripId={trip.id} />
          <TodosCard trip={trip} canEdit={canEdit} />
          <ConciergeCard conciergePhone={trip.conciergePhone} />
        </aside>
      </div>
    </div>
  );
}

function TripLoading() {
  usePageTitle('Trip details');
  return (
    <div role="status" aria-live="polite" className="mt-2">
      <p className="text-muted">Loading trip details...</p>
      <div className="mt-4 overflow-hidden rounded-xl border border-slate-200 bg-surface md:flex">
        <Skeleton className="aspect-[16/9] w-full rounded-none md:aspect-auto md:h-64 md:w-2/5" />
        <div className="flex-1 space-y-3 p-6">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      </div>
    </div>
  );
}

/** The trip's companions: added, edited and removed here by whoever may change the trip. */
function TripCompanions({ trip, canEdit }: { trip: Trip; canEdit: boolean }) {
  const trpc = useTRPC();
  const companions = useQuery(trpc.trips.companions.queryOptions({ id: trip.id }));
  return <ManageCompanionsCard trip={trip} companions={companions} title="Trip Companions" canEdit={canEdit} />;
}
