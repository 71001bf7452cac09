import { useQuery } from '@tanstack/react-query';
import { formatWholeMoney } from '~/lib/money';
import { Link } from '@tanstack/react-router';
import { TravelImage } from '~/components/travel-image';
import { useTRPC } from '~/lib/trpc';
import { LoadingBlock } from '~/components/loading-block';
import { HomeColumn } from './home-column';

export const inspirationLimit = 3;

export function FutureColumn() {
  const trpc = useTRPC();
  // The catalogue leaning towards the next trip's destination and season (the curated order without a trip).
  const list = useQuery(trpc.inspirations.nextTrip.queryOptions());
  // A failed load shows as "nothing to suggest", like an empty catalogue.
  const inspirations = (list.data?.ideas ?? []).slice(0, inspirationLimit);
  const trip = list.data?.trip;
  return (
    <HomeColumn
      title="Future"
      subtitle="Ideas for your next adventure"
      icon="sparkles"
      footer={
        <Link to="/inspirations" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          Explore all inspirations
        </Link>
      }
    >
      {list.isPending ? (
        <LoadingBlock text="Loading recommendations..." />
      ) : inspirations.length === 0 ? (
        <p className="py-6 text-center text-muted">No inspirations available</p>
      ) : (
        <>
        {trip ? <p className="mb-3 text-sm text-muted">Picked for {trip.title}</p> : null}
        <ul className="space-y-4">
          {inspirations.map((idea) => (
            <li key={idea.id}>
              <Link to="/inspirations" className="group flex gap-3 rounded-lg">
                <TravelImage src={idea.imageUrl} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
                <div className="min-w-0">
                  <p className="font-medium text-ink group-hover:text-brand-700 group-hover:underline">{idea.title}</p>
                  <p className="truncate text-sm text-muted">{idea.destination}</p>
                  {idea.reason ? <p className="text-sm text-brand-700">{idea.reason}</p> : null}
                  <p className="text-sm text-muted">
                    {idea.duration} days · from {formatWholeMoney(idea.price)}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
        </>
      )}
    </HomeColumn>
  );
}
