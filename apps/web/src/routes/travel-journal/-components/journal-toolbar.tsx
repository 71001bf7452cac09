import { useId } from 'react';
import { Icon, type IconName } from '~/components/icon';
import { travelTags, type JournalFilters } from './journal-filters';
import type { JournalView } from './journal-search';

const fieldClasses =
  'block min-h-11 w-full rounded-lg border border-gray-300 bg-surface px-3 py-2 text-ink shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600';

const views: { value: JournalView; label: string; icon: IconName }[] = [
  { value: 'map', label: 'Map View', icon: 'globe' },
  { value: 'list', label: 'List View', icon: 'menu' },
];

/** The view toggle, the search box and the year and tag filters. */
export function JournalToolbar({
  view,
  onViewChange,
  filters,
  onFiltersChange,
  years,
}: {
  view: JournalView;
  onViewChange: (view: JournalView) => void;
  filters: JournalFilters;
  onFiltersChange: (filters: JournalFilters) => void;
  years: number[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-end">
      <fieldset aria-label="View" className="inline-flex min-w-0 shrink-0 self-start rounded-lg border border-slate-200 bg-surface p-1 shadow-sm lg:self-auto">
        {views.map((option) => {
          const active = option.value === view;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={active}
              onClick={() => onViewChange(option.value)}
              className={`inline-flex min-h-11 items-center gap-2 rounded-md sm:min-h-9 px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                active ? 'bg-brand-600 text-white' : 'text-brand-700 hover:bg-brand-50'
              }`}
            >
              <Icon name={option.icon} className="size-4" />
              {option.label}
            </button>
          );
        })}
      </fieldset>

      <div className="grid flex-1 grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem]">
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${id}-search`} className="block text-sm font-medium text-ink">
            Search
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={filters.query}
            onChange={(e) => onFiltersChange({ ...filters, query: e.target.value })}
            placeholder="Title, place or notes"
            className={`mt-1 ${fieldClasses}`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-year`} className="block text-sm font-medium text-ink">
            Year
          </label>
          <select
            id={`${id}-year`}
            value={filters.year ?? ''}
            onChange={(e) => onFiltersChange({ ...filters, year: e.target.value ? Number(e.target.value) : null })}
            className={`mt-1 ${fieldClasses}`}
          >
            <option value="">All years</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-tag`} className="block text-sm font-medium text-ink">
            Tag
          </label>
          <select
            id={`${id}-tag`}
            value={filters.tag ?? ''}
            onChange={(e) => onFiltersChange({ ...filters, tag: travelTags.find((t) => t === e.target.value) ?? null })}
            className={`mt-1 ${fieldClasses}`}
          >
            <option value="">All tags</option>
            {travelTags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
