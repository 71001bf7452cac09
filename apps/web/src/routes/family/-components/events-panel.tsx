import { useQuery } from '@tanstack/react-query';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { occasionTypeLabels, type OccasionType } from '~/components/availability/availability-labels';
import { Icon } from '~/components/icon';
import { LoadError } from '~/components/load-error';
import { LoadingBlock } from '~/components/loading-block';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';

/** Upcoming special occasions and trip starts of the people in my groups, soonest first. */
export function EventsPanel() {
  const trpc = useTRPC();
  const events = useQuery(trpc.family.events.queryOptions());
  if (events.isPending) return <LoadingBlock text="Loading upcoming events..." />;
  if (events.isError) return <LoadError what="the upcoming events" onRetry={() => void events.refetch()} />;
  if (events.data.length === 0) {
    return (
      <EmptyState
        icon={<Icon name="calendar" className="size-8" />}
        title="No upcoming events"
        description="Special occasions and trips of the people in your groups appear here."
      />
    );
  }
  return (
    <Card as="section" className="p-0" aria-label="Upcoming events">
      <ol className="divide-y divide-slate-200">
        {events.data.map((event) => (
          <li key={event.id} className="flex items-start gap-3 p-4">
            <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon name={event.kind === 'trip' ? 'plane' : 'heart'} className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-ink">{event.title}</p>
              <p className="text-sm text-muted">
                {event.kind === 'trip' ? `${event.personName}'s trip to ${event.destination ?? ''} starts` : `${event.personName} · ${occasionTypeLabels[event.occasionType as OccasionType] ?? 'Special occasion'}`}
              </p>
            </div>
            <time dateTime={event.date} className="shrink-0 text-sm font-medium text-ink">
              {formatDate(event.date)}
            </time>
          </li>
        ))}
      </ol>
    </Card>
  );
}
