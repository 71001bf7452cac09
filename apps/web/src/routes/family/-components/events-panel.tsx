import { useQuery } from '@tanstack/react-query';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { occasionTypeLabels, type OccasionType } from '~/components/availability/availability-labels';
import { Icon } from '~/components/icon';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { QueryState } from '~/components/query-state';

/** Upcoming special occasions and trip starts of the people in my groups, soonest first. */
export function EventsPanel() {
  const trpc = useTRPC();
  const events = useQuery(trpc.family.events.queryOptions());
  return (
    <QueryState query={events} loading="Loading upcoming events..." error="the upcoming events" empty={noEvents}>
      {(data) => (
        <Card as="section" className="p-0" aria-label="Upcoming events">
          <ol className="divide-y divide-slate-200">
            {data.map((event) => (
              <li key={event.id} className="flex items-start gap-3 p-4">
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
                >
                  <Icon name={event.kind === 'trip' ? 'plane' : 'heart'} className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-ink">{event.title}</p>
                  <p className="text-sm text-muted">
                    {event.kind === 'trip'
                      ? `${event.personName}'s trip to ${event.destination ?? ''} starts`
                      : `${event.personName} · ${occasionTypeLabels[event.occasionType as OccasionType] ?? 'Special occasion'}`}
                  </p>
                </div>
                <time dateTime={event.date} className="shrink-0 text-sm font-medium text-ink">
                  {formatDate(event.date)}
                </time>
              </li>
            ))}
          </ol>
        </Card>
      )}
    </QueryState>
  );
}

const noEvents = (
  <EmptyState
    icon={<Icon name="calendar" className="size-8" />}
    title="No upcoming events"
    description="Special occasions and trips of the people in your groups appear here."
  />
);
