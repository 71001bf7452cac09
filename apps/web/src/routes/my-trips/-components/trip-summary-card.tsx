import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState } from 'react';
import { Badge } from '@naav/ui/badge';
import { Card } from '@naav/ui/card';
import { Icon, type IconName } from '~/components/icon';
import { TravelImage } from '~/components/travel-image';
import type { Trip } from '~/lib/api-types';
import { formatDateRange } from '~/lib/format';
import { lazyDialog, preloadOnIntent } from '~/components/lazy-dialog';
import { LazyEditTripDialog, LazyShareTripDialog } from '~/components/lazy-dialogs';
import { SharedByBadge } from '~/components/shared-by-badge';
import { canEditTrip, ownsTrip } from '~/lib/trip-permissions';

// The options' dialogs load when the menu is first pointed at, focused or opened.
const CalendarDialog = lazyDialog(() => import('./calendar-dialog').then((m) => m.CalendarDialog));
const CancelTripDialog = lazyDialog(() => import('./cancel-trip-dialog').then((m) => m.CancelTripDialog));
const preloadDialogs = preloadOnIntent(LazyEditTripDialog, LazyShareTripDialog, CalendarDialog, CancelTripDialog);

type OpenDialog = 'edit' | 'share' | 'calendar' | 'cancel' | null;

const allOptions: { key: Exclude<OpenDialog, null>; label: string; icon: IconName; danger?: boolean }[] = [
  { key: 'edit', label: 'Edit Trip Details', icon: 'document' },
  { key: 'share', label: 'Share Itinerary', icon: 'users' },
  { key: 'calendar', label: 'Export to Calendar', icon: 'calendar' },
  { key: 'cancel', label: 'Cancel Trip', icon: 'close', danger: true },
];

/** The trip at the top of the Current tab, with its options menu. */
export function TripSummaryCard({ trip }: { trip: Trip }) {
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  // What the signed-in user's access allows: editing for the owner and edit members, sharing and cancelling for the owner.
  const options = allOptions.filter((o) =>
    o.key === 'edit' ? canEditTrip(trip) : o.key === 'share' || o.key === 'cancel' ? ownsTrip(trip) : true,
  );
  return (
    <Card as="section" aria-labelledby="current-trip-title" className="overflow-hidden">
      <div className="sm:flex">
        <TravelImage
          src={trip.imageUrl}
          alt=""
          // The largest element of the screen: fetched first, with its box reserved.
          loading="eager"
          fetchPriority="high"
          width={640}
          height={360}
          className="aspect-[16/9] w-full object-cover sm:aspect-auto sm:w-56 sm:shrink-0 md:w-64"
        />
        <div className="min-w-0 flex-1 p-5">
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              {trip.status === 'current' ? (
                <Badge tone="success" className="mb-2">
                  Active Trip
                </Badge>
              ) : null}
              <SharedByBadge trip={trip} className="mb-2" />
              <h2 id="current-trip-title" className="font-display text-2xl font-semibold text-ink">
                {trip.title}
              </h2>
              <p className="mt-1 flex items-center gap-1 text-muted">
                <Icon name="pin" className="size-4 shrink-0" />
                {trip.location}
              </p>
              <p className="mt-1 flex items-center gap-1 text-muted">
                <Icon name="calendar" className="size-4 shrink-0" />
                {formatDateRange(trip.startDate, trip.endDate)}
              </p>
            </div>
            <Menu as="div" className="relative shrink-0">
              <MenuButton
                {...preloadDialogs}
                aria-label="Trip options"
                className="inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-open:bg-brand-50"
              >
                <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="currentColor">
                  <circle cx="4" cy="10" r="1.7" />
                  <circle cx="10" cy="10" r="1.7" />
                  <circle cx="16" cy="10" r="1.7" />
                </svg>
              </MenuButton>
              <MenuItems
                anchor="bottom end"
                className="z-40 mt-1 w-60 rounded-xl border border-slate-200 bg-surface p-1.5 shadow-lg focus:outline-none"
              >
                {options.map((option) => (
                  <MenuItem key={option.key}>
                    <button
                      type="button"
                      onClick={() => setOpen(option.key)}
                      className={`flex min-h-11 w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-brand-50 ${
                        option.danger ? 'text-danger-600 data-focus:bg-danger-50' : 'text-ink'
                      }`}
                    >
                      <Icon name={option.icon} className="size-4" />
                      {option.label}
                    </button>
                  </MenuItem>
                ))}
              </MenuItems>
            </Menu>
          </div>
          {trip.description ? <p className="mt-3 text-ink">{trip.description}</p> : null}
          <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
            {trip.accommodation ? <Detail icon="bed" label="Accommodation" value={trip.accommodation} /> : null}
            {trip.transportation ? <Detail icon="plane" label="Transportation" value={trip.transportation} /> : null}
            {trip.notes ? <Detail icon="document" label="Notes" value={trip.notes} wide /> : null}
          </dl>
        </div>
      </div>
      <LazyEditTripDialog trip={trip} open={open === 'edit'} onClose={close} />
      <LazyShareTripDialog
        tripId={trip.id}
        title="Share Itinerary"
        description={trip.title}
        open={open === 'share'}
        onClose={close}
      />
      <CalendarDialog trip={trip} open={open === 'calendar'} onClose={close} />
      <CancelTripDialog trip={trip} open={open === 'cancel'} onClose={close} />
    </Card>
  );
}

function Detail({ icon, label, value, wide }: { icon: IconName; label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="flex items-center gap-2 font-medium text-ink">
        <Icon name={icon} className="size-4 shrink-0 text-brand-700" />
        {label}
      </dt>
      <dd className="pl-6 text-muted">{value}</dd>
    </div>
  );
}
