import type { ReactNode, Ref } from 'react';
import { Badge } from '@naav/ui/badge';
import { buttonClasses } from '@naav/ui/button';
import { Icon } from '~/components/icon';
import { TravelImage } from '~/components/travel-image';
import type { Trip } from '~/lib/api-types';
import { formatDateRange, formatTripLength } from '~/lib/format';
import { SaveButton } from './save-button';
import { ShareButton } from './share-button';
import { TripStatusBadge } from './trip-status-badge';

/** `access` is what the signed-in user may do: sharing and saving are for the trip's owner. */
export function TripHeader({
  trip,
  access = 'owner',
  actions,
  ref,
}: {
  trip: Trip;
  access?: 'owner' | 'admin' | 'edit' | 'view';
  /** The page's own controls before Share, Export and Save (Edit Trip Details for those who may). */
  actions?: ReactNode;
  ref?: Ref<HTMLElement>;
}) {
  const isOwner = access === 'owner';
  return (
    <header ref={ref} className="overflow-hidden rounded-xl border border-slate-200 bg-surface shadow-sm md:flex">
      {/* The picture fills a box sized before it loads (16:9 on phones, the card's height beside the text), so nothing moves when it arrives; it is the page's largest image, so it loads at once. */}
      <div className="relative aspect-[16/9] w-full shrink-0 md:aspect-auto md:min-h-64 md:w-2/5">
        <TravelImage src={trip.imageUrl} alt="" loading="eager" fetchPriority="high" className="absolute inset-0 size-full object-cover" />
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <TripStatusBadge status={trip.status} />
          {isOwner ? null : <Badge tone="info">{access === 'view' ? 'Shared with you · View Only' : 'Shared with you · Can edit'}</Badge>}
          <span className="text-sm text-muted">{formatTripLength(trip.startDate, trip.endDate)}</span>
        </div>
        <h1 className="mt-2 font-display text-3xl font-semibold text-ink sm:text-4xl">{trip.title}</h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-muted">
          <span className="inline-flex items-center gap-1.5">
            <Icon name="pin" className="size-4" />
            {trip.location}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Icon name="calendar" className="size-4" />
            {formatDateRange(trip.startDate, trip.endDate)}
          </span>
        </p>
        {trip.description && <p className="mt-3 text-ink">{trip.description}</p>}
        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          {actions}
          {isOwner && <ShareButton tripId={trip.id} tripTitle={trip.title} />}
          <a
            href={`/api/trips/${encodeURIComponent(trip.id)}/calendar.ics`}
            download
            title="Download the itinerary as a calendar file (.ics)"
            className={buttonClasses('secondary', 'md')}
          >
            <Icon name="download" />
            Export
          </a>
          {isOwner && <SaveButton tripId={trip.id} />}
        </div>
      </div>
    </header>
  );
}
