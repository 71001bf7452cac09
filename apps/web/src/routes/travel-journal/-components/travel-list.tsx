import { format, parseISO } from 'date-fns';
import { TravelImage } from '../../../components/travel-image';
import type { Travel } from '../../../lib/api-types';

/** "2026-05-14" → "May 2026". */
export const monthAndYear = (date: string) => format(parseISO(date), 'MMMM yyyy');

/** The list view: a card per travel (image, title, month and year, location); a card selects its travel. */
export function TravelList({
  travels,
  selectedId,
  onSelect,
}: {
  travels: Travel[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {travels.map((travel) => {
        const selected = travel.id === selectedId;
        return (
          <li key={travel.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(travel.id)}
              className={`group flex h-full w-full flex-col overflow-hidden rounded-xl border bg-surface text-left shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
              }`}
            >
              <TravelImage src={travel.imageUrl} alt="" className="aspect-[16/9] w-full bg-slate-100 object-cover" />
              <span className="flex flex-1 flex-col gap-1 p-4">
                <span className="font-semibold text-ink group-hover:text-brand-700 group-hover:underline">
                  {travel.title}
                </span>
                <span className="text-sm text-muted">{monthAndYear(travel.startDate)}</span>
                <span className="text-sm text-muted">{travel.location}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
