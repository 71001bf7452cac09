import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Card } from '@naav/ui/card';
import { Dialog } from '@naav/ui/dialog';
import { EventStatusBadge } from '~/components/event-status-badge';
import { Icon, type IconName } from '~/components/icon';
import type { Trip, TripEvent } from '~/lib/api-types';
import { EventTimeRange } from '~/components/event-time';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { EventDialog } from '~/components/event-dialog';
import { LoadingBlock } from '~/components/loading-block';
import { addDaysIso, dayIndexOf } from '@naav/schemas/dates';
import { canEditTrip } from '~/lib/trip-permissions';
import { QueryState } from '~/components/query-state';

// The map (its drawing library and the countries' outlines) loads when the Map tool opens.
const WorldMap = lazy(() => import('~/components/world-map').then((m) => ({ default: m.WorldMap })));
const mapLoading = { text: 'Loading the map...', rows: 1 };

// The importer (its readers' cards, time-zone maths) loads when someone opens it.
const ImportBookingsDialog = lazy(() =>
  import('~/components/import-bookings/import-bookings-dialog').then((m) => ({ default: m.ImportBookingsDialog })),
);

type Tool = 'map' | 'flights' | 'event' | 'local' | 'import';

const allTools: { key: Tool; label: string; icon: IconName }[] = [
  { key: 'map', label: 'View Map', icon: 'globe' },
  { key: 'flights', label: 'Flight Status', icon: 'plane' },
  { key: 'event', label: 'Add Event', icon: 'calendar' },
  { key: 'local', label: 'Local Info', icon: 'compass' },
  { key: 'import', label: 'Import booking', icon: 'document' },
];

export function QuickTools({
  trip,
  events,
  dayIndex,
  onEventAdded,
}: {
  trip: Trip;
  events?: TripEvent[];
  dayIndex: number;
  /** Called with the new event's day, so the day panel can show it. */
  onEventAdded: (dayIndex: number) => void;
}) {
  const [open, setOpen] = useState<Tool | null>(null);
  const close = () => setOpen(null);
  // Adding events and importing bookings change the trip: not for a view member of a group it is shared with.
  const tools = canEditTrip(trip) ? allTools : allTools.filter((tool) => tool.key !== 'event' && tool.key !== 'import');
  return (
    <Card as="section" aria-labelledby="quick-tools-heading" className="p-5">
      <h2 id="quick-tools-heading" className="text-lg font-semibold text-ink">
        Quick Tools
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {tools.map((tool, i) => (
          <button
            key={tool.key}
            type="button"
            onClick={() => setOpen(tool.key)}
            // An odd tile out spans the row.
            className={`${i === tools.length - 1 && tools.length % 2 === 1 ? 'col-span-2 ' : ''}flex min-h-20 flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-canvas p-3 text-sm font-medium text-ink hover:border-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
          >
            <Icon name={tool.icon} className="size-6 text-brand-700" />
            {tool.label}
          </button>
        ))}
      </div>
      <MapDialog trip={trip} open={open === 'map'} onClose={close} />
      <FlightStatusDialog events={events} tripTimeZone={trip.timeZone} open={open === 'flights'} onClose={close} />
      <EventDialog
        trip={trip}
        defaultDate={addDaysIso(trip.startDate, dayIndex)}
        open={open === 'event'}
        onClose={close}
        onSaved={(date) => {
          const index = dayIndexOf(trip.startDate, trip.endDate, date);
          if (index !== null) onEventAdded(index);
        }}
      />
      <LocalInfoDialog trip={trip} open={open === 'local'} onClose={close} />
      {open === 'import' ? (
        <Suspense fallback={null}>
          <ImportBookingsDialog trip={trip} open onClose={close} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function MapDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const info = useQuery({ ...trpc.trips.localInfo.queryOptions({ id: trip.id }), enabled: open });
  const coordinates = info.data?.coordinates;
  return (
    <Dialog open={open} onClose={onClose} title="Map" description={trip.location} size="lg">
      <QueryState query={info} loading={mapLoading} error={{ what: 'the map' }}>
        {() =>
          coordinates ? (
            <Suspense fallback={<LoadingBlock {...mapLoading} />}>
              <WorldMap
                label={`World map with a pin at ${trip.location}`}
                pins={[{ id: trip.id, label: trip.location, ...coordinates }]}
              />
            </Suspense>
          ) : (
            <p className="text-muted">{trip.location} is not on the offline map yet.</p>
          )
        }
      </QueryState>
    </Dialog>
  );
}

function FlightStatusDialog({
  events,
  tripTimeZone,
  open,
  onClose,
}: {
  events?: TripEvent[];
  tripTimeZone: string;
  open: boolean;
  onClose: () => void;
}) {
  const legs = events?.filter((e) => e.type === 'transportation') ?? [];
  return (
    <Dialog open={open} onClose={onClose} title="Flight Status" description="Flights and other transport on this trip.">
      {!events ? (
        <LoadingBlock text="Loading transport..." rows={2} />
      ) : legs.length === 0 ? (
        <p className="text-muted">No flights or transfers are booked for this trip.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {legs.map((leg) => (
            <li key={leg.id} className="flex items-start gap-3 py-3">
              <Icon
                name={/\b(flight|fly|plane)\b/i.test(leg.title) ? 'plane' : 'route'}
                className="mt-0.5 size-5 shrink-0 text-brand-700"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">{leg.title}</p>
                <p className="text-sm text-muted">
                  {formatDate(leg.date)} · <EventTimeRange event={leg} tripTimeZone={tripTimeZone} />
                </p>
                {leg.location ? <p className="text-sm text-muted">{leg.location}</p> : null}
              </div>
              <EventStatusBadge status={leg.status} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function LocalInfoDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const info = useQuery({ ...trpc.trips.localInfo.queryOptions({ id: trip.id }), enabled: open });
  return (
    <Dialog open={open} onClose={onClose} title="Local Info" description={trip.location}>
      <QueryState query={info} loading={{ text: 'Loading local info...', rows: 2 }} error={{ what: 'the local info' }}>
        {(data) => (
          <dl className="space-y-4">
            <div>
              <dt className="text-sm font-medium text-muted">Local emergency number</dt>
              <dd>
                <a href={`tel:${data.emergencyNumber}`} className="text-2xl font-semibold text-danger-600 underline">
                  {data.emergencyNumber}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-muted">Currency</dt>
              <dd className="text-ink">
                {data.currency
                  ? `${data.currency.name} (${data.currency.code}, ${data.currency.symbol})`
                  : 'Not known for this destination'}
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-muted">Time zone</dt>
              <dd className="text-ink">
                {data.timeZone.replaceAll('_', ' ')} · {data.utcOffset}
              </dd>
            </div>
          </dl>
        )}
      </QueryState>
    </Dialog>
  );
}
