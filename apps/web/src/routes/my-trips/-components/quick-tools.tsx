import { lazy, Suspense, useState } from 'react';
import { Card } from '@naav/ui/card';
import { Icon, type IconName } from '~/components/icon';
import type { Trip, TripEvent } from '~/lib/api-types';
import { LazyEventDialog } from '~/components/lazy-dialogs';
import { lazyDialog, preloadOnIntent } from '~/components/lazy-dialog';
import { addDaysIso, dayIndexOf } from '@naav/schemas/dates';
import { canEditTrip } from '~/lib/trip-permissions';

// Each tool's dialog loads when its tile is first pointed at, focused or pressed.
const MapDialog = lazyDialog(() => import('./quick-tool-dialogs').then((m) => m.MapDialog));
const FlightStatusDialog = lazyDialog(() => import('./quick-tool-dialogs').then((m) => m.FlightStatusDialog));
const LocalInfoDialog = lazyDialog(() => import('./quick-tool-dialogs').then((m) => m.LocalInfoDialog));

// The importer (its readers' cards, time-zone maths) loads when someone opens it.
const ImportBookingsDialog = lazy(() =>
  import('~/components/import-bookings/import-bookings-dialog').then((m) => ({ default: m.ImportBookingsDialog })),
);
const loadImporter = {
  preload: () => void import('~/components/import-bookings/import-bookings-dialog').catch(() => undefined),
};

type Tool = 'map' | 'flights' | 'event' | 'local' | 'import';

const allTools: { key: Tool; label: string; icon: IconName; dialog: { preload: () => void } }[] = [
  { key: 'map', label: 'View Map', icon: 'globe', dialog: MapDialog },
  { key: 'flights', label: 'Flight Status', icon: 'plane', dialog: FlightStatusDialog },
  { key: 'event', label: 'Add Event', icon: 'calendar', dialog: LazyEventDialog },
  { key: 'local', label: 'Local Info', icon: 'compass', dialog: LocalInfoDialog },
  { key: 'import', label: 'Import booking', icon: 'document', dialog: loadImporter },
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
            {...preloadOnIntent(tool.dialog)}
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
      <LazyEventDialog
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
