import { Link } from '@tanstack/react-router';
import { Card } from '@naav/ui/card';
import { Icon, type IconName } from '~/components/icon';

const services: { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Custom Itineraries',
    text: 'Pre-trip planning with a concierge who builds each day around what you love.',
    icon: 'route',
  },
  {
    title: 'Special Requests',
    text: 'Restaurant bookings, activity changes and the little surprises that make a trip.',
    icon: 'sparkles',
  },
  {
    title: '24/7 Support',
    text: 'On-demand help wherever you are, plus exclusive access to events and experiences.',
    icon: 'headset',
  },
];

export function ConciergeSection() {
  return (
    <section aria-labelledby="home-concierge" className="mx-auto max-w-7xl px-4 pt-16">
      <h2 id="home-concierge" className="font-display text-2xl font-semibold text-ink sm:text-3xl">
        Travel Concierge
      </h2>
      <p className="mt-2 max-w-2xl text-muted">Real people planning with you before the trip and looking after you during it.</p>
      <div className="mt-6 grid gap-5 md:grid-cols-3">
        {services.map((s) => (
          <Card key={s.title} as="article" className="flex flex-col p-5">
            <span className="flex size-10 items-center justify-center rounded-full bg-accent-500/15 text-accent-600">
              <Icon name={s.icon} />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-ink">{s.title}</h3>
            <p className="mt-1 flex-1 text-sm text-muted">{s.text}</p>
            <Link
              to="/concierge"
              className="mt-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
              aria-label={`Learn more about ${s.title}`}
            >
              Learn more <Icon name="arrowRight" className="size-4" />
            </Link>
          </Card>
        ))}
      </div>
    </section>
  );
}
