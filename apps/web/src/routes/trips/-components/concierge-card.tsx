import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { Icon } from '~/components/icon';
import { telHref } from './trip-dates';

/** The concierge line everyone can call when the trip has none of its own. */
export const defaultConciergePhone = '+1 800 555 0199';

export function ConciergeCard({ conciergePhone }: { conciergePhone: string | null }) {
  const phone = conciergePhone ?? defaultConciergePhone;
  return (
    <Card as="section" aria-labelledby="trip-concierge" className="p-5">
      <h2 id="trip-concierge" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Icon name="headset" className="size-5 text-brand-700" />
        Concierge Support
      </h2>
      <p className="mt-2 text-sm text-muted">
        Our concierge team is here around the clock for changes, bookings and anything else on this trip.
      </p>
      <div className="mt-4 flex flex-col gap-2">
        <a href={telHref(phone)} className={buttonClasses('primary', 'md')} aria-describedby="trip-concierge-phone">
          <Icon name="phone" className="size-5" />
          Call Concierge
        </a>
        <p id="trip-concierge-phone" className="text-center text-sm text-muted">
          {phone}
        </p>
        <Link to="/concierge" search={{ tab: 'chat' }} className={buttonClasses('secondary', 'md')}>
          <Icon name="chat" className="size-5" />
          Message Concierge
        </Link>
      </div>
    </Card>
  );
}
