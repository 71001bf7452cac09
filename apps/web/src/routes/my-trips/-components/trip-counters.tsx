import type { RouterOutputs, Trip, TripEvent } from '~/lib/api-types';
import { tripDayCount } from '@naav/schemas/dates';

type Companion = RouterOutputs['trips']['companions'][number];

/** Days (inclusive), Companions and Activities, the trip at a glance. */
export function TripCounters({ trip, events, companions }: { trip: Trip; events?: TripEvent[]; companions?: Companion[] }) {
  const counters = [
    { label: 'Days', value: tripDayCount(trip.startDate, trip.endDate) },
    { label: 'Companions', value: companions?.length },
    { label: 'Activities', value: events?.filter((e) => e.type === 'activity').length },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3">
      {counters.map((c) => (
        <div key={c.label} className="flex flex-col-reverse rounded-xl border border-slate-200 bg-surface p-4 text-center shadow-sm">
          <dt className="mt-1 text-sm text-muted">{c.label}</dt>
          <dd className="font-display text-2xl font-semibold text-ink sm:text-3xl">
            {c.value ?? (
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">Loading</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
