import { useQuery } from '@tanstack/react-query';
import { Card } from '@naav/ui/card';
import { Icon } from '../../../components/icon';
import { PersonAvatar } from '../../../components/person-avatar';
import { useTRPC } from '../../../lib/trpc';
import { InlineError } from './inline-error';
import { LoadingBlock } from '../../../components/loading-block';

export function CompanionsCard({ tripId }: { tripId: string }) {
  const trpc = useTRPC();
  const companions = useQuery(trpc.trips.companions.queryOptions({ id: tripId }));
  return (
    <Card as="section" aria-labelledby="trip-companions" className="p-5">
      <h2 id="trip-companions" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Icon name="users" className="size-5 text-brand-700" />
        Trip Companions
      </h2>
      <div className="mt-4">
        {companions.isPending ? (
          <LoadingBlock text="Loading companions..." rows={2} round />
        ) : companions.isError ? (
          <InlineError text="The companions could not be loaded." onRetry={() => void companions.refetch()} />
        ) : companions.data.length === 0 ? (
          <p className="text-sm text-muted">No companions added to this trip.</p>
        ) : (
          <ul className="space-y-3">
            {companions.data.map((companion) => (
              <li key={companion.id} className="flex items-center gap-3">
                <PersonAvatar name={companion.name} imageUrl={companion.imageUrl} className="size-10 bg-brand-100 text-sm" />
                <div className="min-w-0">
                  <p className="truncate font-medium text-ink">{companion.name}</p>
                  <p className="text-sm text-muted">{companion.relationship}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
