import type { TripEvent } from '../lib/api-types';
import { Icon, type IconName } from './icon';

/** Picks the icon from the type, refined by words in the title (flight, breakfast, …). */
function eventIconName(event: Pick<TripEvent, 'type' | 'title'>): IconName {
  const title = event.title.toLowerCase();
  if (/\b(flight|fly|airport|plane)\b/.test(title)) return 'plane';
  if (/\b(breakfast|lunch|dinner|brunch|meal)\b/.test(title)) return 'utensils';
  switch (event.type) {
    case 'transportation':
      return 'route';
    case 'accommodation':
      return 'bed';
    case 'meal':
      return 'utensils';
    default:
      return 'flag';
  }
}

export function EventTypeIcon({ event }: { event: Pick<TripEvent, 'type' | 'title'> }) {
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
      <Icon name={eventIconName(event)} className="size-4" />
    </span>
  );
}
