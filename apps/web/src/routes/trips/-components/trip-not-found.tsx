import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import { Icon } from '~/components/icon';
import { usePageTitle } from '~/components/page-title';

/** A missing trip and someone else's trip read the same (the API answers NOT_FOUND for both). */
export function TripNotFound() {
  usePageTitle('Trip not found');
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="mb-4 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon name="suitcase" className="size-8" />
      </span>
      <h1 className="font-display text-3xl font-semibold text-ink">Trip not found</h1>
      <p className="mt-3 text-muted">The trip you're looking for doesn't exist or has been removed.</p>
      <Link to="/my-trips" className={`${buttonClasses('primary', 'md')} mt-8`}>
        Back to My Trips
      </Link>
    </section>
  );
}
