import { Card } from '@naav/ui/card';
import { useEffect, useState } from 'react';
import { Icon, type IconName } from '~/components/icon';
import { conciergeHours, isOpenAt } from './concierge-hours';

const services: { title: string; text: string; icon: IconName }[] = [
  { title: 'Pre-trip planning', text: 'Itineraries built around what you love.', icon: 'route' },
  { title: 'Restaurant bookings', text: 'Tables where they are hard to get.', icon: 'utensils' },
  { title: 'Activity changes', text: 'Move, swap or add plans on the go.', icon: 'calendar' },
  { title: 'Special requests', text: 'Celebrations, surprises and the little extras.', icon: 'sparkles' },
  { title: 'Exclusive access', text: 'Invitation-only events and experiences.', icon: 'flag' },
];

export const conciergePhone = '+1 800 555 0199';
export const conciergeEmail = 'concierge@naav.example';

function OpenNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const open = isOpenAt(now);
  return (
    <p className={`mt-3 inline-flex items-center gap-2 text-sm font-medium ${open ? 'text-green-800' : 'text-slate-700'}`}>
      <span aria-hidden="true" className={`size-2.5 rounded-full ${open ? 'bg-green-600' : 'bg-slate-400'}`} />
      {open ? 'Open now' : 'Closed now'}
    </p>
  );
}

export function ConciergeSidebar({ className = '' }: { className?: string }) {
  return (
    <div className={`space-y-5 ${className}`}>
      <Card as="section" aria-labelledby="concierge-services" className="p-5">
        <h2 id="concierge-services" className="text-lg font-semibold text-ink">
          Our Services
        </h2>
        <ul className="mt-3 space-y-3">
          {services.map((s) => (
            <li key={s.title} className="flex gap-3">
              <Icon name={s.icon} className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <div>
                <p className="font-medium text-ink">{s.title}</p>
                <p className="text-sm text-muted">{s.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <Card as="section" aria-labelledby="concierge-hours" className="p-5">
        <h2 id="concierge-hours" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Icon name="clock" className="size-5 text-brand-700" />
          Concierge Hours
        </h2>
        <dl className="mt-3 space-y-1 text-sm">
          {conciergeHours.map((h) => (
            <div key={h.days} className="flex justify-between gap-3">
              <dt className="text-muted">{h.days}</dt>
              <dd className="font-medium text-ink">{h.hours}</dd>
            </div>
          ))}
        </dl>
        <OpenNow />
      </Card>
      <Card as="section" aria-labelledby="concierge-contact" className="p-5">
        <h2 id="concierge-contact" className="text-lg font-semibold text-ink">
          Direct Contact
        </h2>
        <ul className="mt-3 space-y-2 text-sm">
          <li>
            <a href={`tel:${conciergePhone.replace(/\s/g, '')}`} className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:underline">
              <Icon name="phone" className="size-5" />
              {conciergePhone}
            </a>
          </li>
          <li>
            <a href={`mailto:${conciergeEmail}`} className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:underline">
              <Icon name="chat" className="size-5" />
              {conciergeEmail}
            </a>
          </li>
        </ul>
      </Card>
    </div>
  );
}
