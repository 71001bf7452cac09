import { useQuery } from '@tanstack/react-query';
import { Badge } from '@naav/ui/badge';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { QueryState } from './query-state';

export type FoodPreferences = RouterOutputs['interests']['foodPreferences'];
export type Diet = FoodPreferences['diets'][number];

export const dietLabels: Record<Diet, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  halal: 'Halal',
  kosher: 'Kosher',
  gluten_free: 'Gluten-free',
};

/** A client's dietary needs as agents and the concierge see them: diets, allergies, notes. */
export function FoodPreferencesSummary({ clientId, headingLevel: Heading = 'h3' }: { clientId: string; headingLevel?: 'h2' | 'h3' | 'h4' }) {
  const trpc = useTRPC();
  const prefs = useQuery({
    ...trpc.interests.clientFoodPreferences.queryOptions({ id: clientId }),
    // The traveller may change them at any time: read again whenever shown.
    staleTime: 0,
  });
  return (
    <section aria-label="Food preferences" className="rounded-lg border border-slate-200 bg-surface p-3 text-sm">
      <Heading className="font-semibold text-ink">Food preferences</Heading>
      <QueryState query={prefs} loading={<p className="mt-1 text-muted" role="status">
          Loading food preferences...
        </p>} error={<p className="mt-1 text-danger-600">Couldn't load the food preferences.</p>} isEmpty={(data) => data.diets.length === 0 && !data.allergies && !data.notes} empty={<p className="mt-1 text-muted">No dietary preferences shared.</p>}>
        {(data) => (
          <div className="mt-2 space-y-1.5">
          {data.diets.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Diets">
              {data.diets.map((d) => (
                <li key={d}>
                  <Badge tone="success">{dietLabels[d]}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          {data.allergies ? (
            <p className="text-ink">
              <span className="font-medium">Allergies:</span> {data.allergies}
            </p>
          ) : null}
          {data.notes ? <p className="text-muted">{data.notes}</p> : null}
        </div>
        )}
      </QueryState>
    </section>
  );
}
