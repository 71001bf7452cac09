import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TravelImage } from '~/components/travel-image';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { LoadingBlock } from '~/components/loading-block';
import { HomeColumn } from './home-column';

export const recentTravelLimit = 3;

export function PastColumn() {
  const trpc = useTRPC();
  // Only the three it shows, however long the journal is.
  const history = useQuery(trpc.journal.latest.queryOptions({ count: recentTravelLimit }));
  const travels = (history.data ?? []).slice(0, recentTravelLimit);
  return (
    <HomeColumn
      title="Past"
      subtitle="Your travel journal"
      icon="book"
      footer={
        <Link to="/travel-journal" className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline">
          Open the travel journal
        </Link>
      }
    >
      {history.isPending ? (
        <LoadingBlock text="Loading travel history..." />
      ) : travels.length === 0 ? (
        <p className="py-6 text-center text-muted">No travel history available</p>
      ) : (
        <ul className="space-y-4">
          {travels.map((travel) => (
            <li key={travel.id}>
              <Link to="/travel/$id" params={{ id: travel.id }} className="group flex gap-3 rounded-lg">
                <TravelImage src={travel.imageUrl} alt="" className="size-16 shrink-0 rounded-lg object-cover" />
                <div className="min-w-0">
                  <p className="font-medium text-ink group-hover:text-brand-700 group-hover:underline">{travel.title}</p>
                  <p className="text-sm text-muted">{formatDate(travel.startDate)}</p>
                  <p className="truncate text-sm text-muted">{travel.location}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HomeColumn>
  );
}
