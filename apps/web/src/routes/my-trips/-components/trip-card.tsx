import type { ReactNode } from 'react';
import { Card } from '@naav/ui/card';
import { Icon } from '~/components/icon';
import { TravelImage } from '~/components/travel-image';
import type { Trip } from '~/lib/api-types';
import { formatDateRange } from '~/lib/format';

/** What a card shows: a trip's, or a journal travel's, own fields. */
export type TripCardData = Pick<Trip, 'id' | 'title' | 'startDate' | 'endDate' | 'location' | 'imageUrl' | 'description'>;

/** A trip as a card in the Upcoming and Past lists: picture, title (and a badge), dates, place, then actions. */
export function TripCard({ trip, badge, actions }: { trip: TripCardData; badge?: ReactNode; actions: ReactNode }) {
  return (
    <Card as="article" aria-labelledby={`trip-${trip.id}-title`} className="flex w-full flex-col overflow-hidden">
      <TravelImage src={trip.imageUrl} alt="" width={640} height={360} className="aspect-[16/9] w-full object-cover" />
      <div className="flex flex-1 flex-col p-4">
        <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
          <h3 id={`trip-${trip.id}-title`} className="min-w-0 text-lg font-semibold text-ink">
            {trip.title}
          </h3>
          {badge}
        </div>
        <p className="mt-1 flex items-center gap-1 text-sm text-muted">
          <Icon name="calendar" className="size-4 shrink-0" />
          {formatDateRange(trip.startDate, trip.endDate)}
        </p>
        <p className="mt-1 flex items-center gap-1 text-sm text-muted">
          <Icon name="pin" className="size-4 shrink-0" />
          {trip.location}
        </p>
        {trip.description ? <p className="mt-2 line-clamp-2 text-sm text-ink">{trip.description}</p> : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-4">{actions}</div>
      </div>
    </Card>
  );
}
