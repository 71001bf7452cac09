import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useState, type ReactNode } from 'react';
import type { Inspiration } from '~/lib/api-types';
import { categoryLabels, groupByCategory } from './inspiration-filters';

const seasons: { name: string; months: string; text: string; category: Inspiration['category'] }[] = [
  { name: 'Spring', months: 'March to May', text: 'Cherry blossoms, mild city days and gardens in bloom.', category: 'cultural' },
  { name: 'Summer', months: 'June to August', text: 'Long beach days, island hopping and warm evenings.', category: 'beach' },
  { name: 'Autumn', months: 'September to November', text: 'Golden trails, harvest tables and quieter mountain paths.', category: 'adventure' },
  { name: 'Winter', months: 'December to February', text: 'Thermal spas, snowy peaks and slow, restful escapes.', category: 'wellness' },
];

/**
 * Month 0–11 to its season, northern hemisphere as the cards' months say: March (2) starts
 * Spring, so counting from March in threes gives Spring, Summer, Autumn, then Winter
 * (December, January, February).
 */
export const seasonOf = (month: number) => seasons[Math.floor(((month + 10) % 12) / 3)]!.name;

export function SeasonalIdeas({
  ideas,
  renderCard,
  onPickCategory,
}: {
  ideas: Inspiration[];
  renderCard: (idea: Inspiration) => ReactNode;
  onPickCategory: (category: Inspiration['category']) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const current = seasonOf(new Date().getMonth());
  const groups = groupByCategory(ideas, 2);
  return (
    <section aria-labelledby="seasonal-ideas" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="seasonal-ideas" className="font-display text-2xl font-semibold text-ink">
          Seasonal Ideas
        </h2>
        <Button variant="secondary" size="sm" aria-expanded={expanded} aria-controls="seasonal-all" onClick={() => setExpanded((v) => !v)}>
          {expanded ? 'Show Less' : 'View All'}
        </Button>
      </div>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {seasons.map((season) => (
          <li key={season.name}>
            <Card className={`flex h-full flex-col p-4 ${season.name === current ? 'ring-2 ring-brand-600' : ''}`}>
              <h3 className="font-semibold text-ink">
                {season.name}
                {season.name === current ? <span className="ml-2 text-xs font-medium text-brand-700">Now</span> : null}
              </h3>
              <p className="text-xs text-muted">{season.months}</p>
              <p className="mt-2 flex-1 text-sm text-muted">{season.text}</p>
              <Button variant="ghost" size="sm" className="mt-3 self-start" onClick={() => onPickCategory(season.category)}>
                Show {categoryLabels[season.category].toLowerCase()} ideas
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      {expanded ? (
        <div id="seasonal-all" className="mt-6 space-y-6">
          {groups.length === 0 ? (
            <p className="text-muted">No recommendations available based on your filters</p>
          ) : (
            groups.map((group) => (
              <div key={group.category}>
                <h3 className="text-lg font-semibold text-ink">{categoryLabels[group.category]}</h3>
                <ul className="mt-3 grid gap-4 sm:grid-cols-2">
                  {group.ideas.map((idea) => (
                    <li key={idea.id}>{renderCard(idea)}</li>
                  ))}
                </ul>
              </div>
            ))
          )}
        </div>
      ) : null}
    </section>
  );
}
