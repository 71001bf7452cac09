import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { dietLabels, type Diet, type FoodPreferences } from '../../../components/food-preferences-summary';
import { TextArea, TextInput } from '../../../components/form-controls';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { useTRPC } from '../../../lib/trpc';

const diets = Object.keys(dietLabels) as Diet[];

/** Dietary preferences and restrictions; agents and the concierge see them. */
export function FoodTab() {
  const trpc = useTRPC();
  const prefs = useQuery(trpc.interests.foodPreferences.queryOptions());
  if (prefs.isPending) return <LoadingBlock text="Loading food preferences..." rows={2} />;
  if (prefs.isError) return <LoadError what="your food preferences" onRetry={() => void prefs.refetch()} />;
  return <FoodForm key={prefs.data.updatedAt ?? 'none'} saved={prefs.data} />;
}

function FoodForm({ saved }: { saved: FoodPreferences }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [chosen, setChosen] = useState<Diet[]>(saved.diets);
  const [allergies, setAllergies] = useState(saved.allergies ?? '');
  const [notes, setNotes] = useState(saved.notes ?? '');
  const save = useMutation(
    trpc.interests.saveFoodPreferences.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.interests.pathFilter());
        toast.toast({ title: 'Food preferences saved', description: 'Your travel agent and concierge will see them.', tone: 'success' });
      },
      onError: () => toast.toast({ title: 'Error', description: 'Failed to save food preferences. Please try again.', tone: 'destructive' }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ diets: chosen, allergies: allergies.trim() || null, notes: notes.trim() || null });
  };
  const toggle = (diet: Diet) => setChosen((current) => (current.includes(diet) ? current.filter((d) => d !== diet) : [...current, diet]));
  return (
    <Card className="max-w-2xl p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Food Preferences</h2>
      <p className="mt-1 text-sm text-muted">Your travel agent sees these on your details, and the concierge sees them in chat.</p>
      <form onSubmit={submit} className="mt-4 space-y-4" aria-label="Food preferences">
        <fieldset>
          <legend className="text-sm font-medium text-ink">Dietary preferences and restrictions</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {diets.map((diet) => (
              <label key={diet} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm text-ink has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
                <input type="checkbox" checked={chosen.includes(diet)} onChange={() => toggle(diet)} className="size-4 accent-brand-600" />
                {dietLabels[diet]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextInput label="Allergies" optional hint="For example: peanuts, shellfish" value={allergies} onChange={(e) => setAllergies(e.target.value)} maxLength={500} />
        <TextArea label="Other notes" optional value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={1000} />
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Preferences'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
