import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { EventStatusBadge } from '~/components/event-status-badge';
import { Icon } from '~/components/icon';
import type { Trip, TripEvent } from '~/lib/api-types';
import { EventTimeRange } from '~/components/event-time';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { LoadingBlock } from '~/components/loading-block';
import { QueryState } from '~/components/query-state';

// The Quick Tools' dialogs (the tiles on the Current Trip tab), loaded when a tile is first pointed at, focused or pressed.

// The map (its drawing library and the countries' outlines) loads when the Map tool opens.
const WorldMap = lazy(() => import('~/components/world-map').then((m) => ({ default: m.WorldMap })));
const mapLoading = { text: 'Loading the map...', rows: 1 };

export function MapDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
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

export function FlightStatusDialog({
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

export function LocalInfoDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
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
