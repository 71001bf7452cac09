import { Button } from '@naav/ui/button';
import { formatWholeMoney } from '~/lib/money';
import { useId } from 'react';
import { SelectInput } from '~/components/form-controls';
import {
  budgetSlider,
  capitalise,
  categoryLabels,
  durationRanges,
  initialFilters,
  inspirationCategories,
  type DurationRange,
  type InspirationFilters,
} from './inspiration-filters';

const durationLabels: Record<DurationRange, string> = { all: 'Any length', '3-5': '3-5 days', '6-9': '6-9 days', '10-14': '10-14 days', '15+': '15+ days' };

export function FilterPanel({
  id,
  filters,
  occasions,
  onChange,
}: {
  id: string;
  filters: InspirationFilters;
  occasions: string[];
  onChange: (next: InspirationFilters) => void;
}) {
  const budgetId = useId();
  const set = <K extends keyof InspirationFilters>(key: K, value: InspirationFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <section id={id} aria-label="Filters" className="mt-4 rounded-xl border border-slate-200 bg-surface p-4 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectInput label="Category" value={filters.category} onChange={(e) => set('category', e.target.value as InspirationFilters['category'])}>
          <option value="all">All categories</option>
          {inspirationCategories.map((c) => (
            <option key={c} value={c}>
              {categoryLabels[c]}
            </option>
          ))}
        </SelectInput>
        <div>
          <label htmlFor={budgetId} className="block text-sm font-medium text-ink">
            Budget: up to {formatWholeMoney(filters.budget)}
          </label>
          <input
            id={budgetId}
            type="range"
            min={budgetSlider.min}
            max={budgetSlider.max}
            step={budgetSlider.step}
            value={filters.budget}
            onChange={(e) => set('budget', Number(e.target.value))}
            className="mt-3 w-full accent-brand-600"
          />
          <div className="flex justify-between text-xs text-muted" aria-hidden="true">
            <span>{formatWholeMoney(budgetSlider.min)}</span>
            <span>{formatWholeMoney(budgetSlider.max)}</span>
          </div>
        </div>
        <SelectInput label="Duration" value={filters.duration} onChange={(e) => set('duration', e.target.value as DurationRange)}>
          {durationRanges.map((d) => (
            <option key={d} value={d}>
              {durationLabels[d]}
            </option>
          ))}
        </SelectInput>
        <SelectInput label="Occasion" value={filters.occasion} onChange={(e) => set('occasion', e.target.value)}>
          <option value="all">Any occasion</option>
          {occasions.map((o) => (
            <option key={o} value={o}>
              {capitalise(o)}
            </option>
          ))}
        </SelectInput>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
          <input
            type="checkbox"
            checked={filters.favouritesOnly}
            onChange={(e) => set('favouritesOnly', e.target.checked)}
            className="size-5 accent-brand-600"
          />
          Favourites only
        </label>
        <Button variant="ghost" size="sm" onClick={() => onChange(initialFilters)}>
          Reset filters
        </Button>
      </div>
    </section>
  );
}
