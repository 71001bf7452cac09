import { Link } from '@tanstack/react-router';
import { Icon } from '../../../components/icon';

export function BackToMyTrips() {
  return (
    <Link to="/my-trips" className="inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-medium text-brand-700 hover:underline">
      <Icon name="arrowLeft" className="size-4" />
      Back to My Trips
    </Link>
  );
}
