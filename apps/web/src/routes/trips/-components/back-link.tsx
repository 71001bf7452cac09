import { Link } from '@tanstack/react-router';
import { Icon } from '~/components/icon';
import type { Trip } from '~/lib/api-types';

/** My Trips' tab that lists a trip of this status. */
const tabOf = (status: Trip['status'] | undefined) => (status === 'upcoming' ? 'upcoming' : status === 'past' || status === 'cancelled' ? 'past' : undefined);

/** Back to My Trips, on the tab that lists the trip (Upcoming, Past Trips; the Current Trip tab otherwise). */
export function BackToMyTrips({ status }: { status?: Trip['status'] }) {
  const tab = tabOf(status);
  return (
    <Link to="/my-trips" search={tab ? { tab } : {}} className="inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline">
      <Icon name="arrowLeft" className="size-4" />
      Back to My Trips
    </Link>
  );
}
