import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { dietLabels, type Diet, type FoodPreferences } from '~/components/food-preferences-summary';
import { sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { useTRPC } from '~/lib/trpc';
import { foodPreferencesInput } from '@naav/schemas/interests';
import { QueryState } from '~/components/query-state';

const diets = Object.keys(dietLabels) as Diet[];

/** Dietary preferences and restrictions; agents and the concierge see them. */
export function FoodTab() {
  const trpc = useTRPC();
  const prefs = useQuery(trpc.interests.foodPreferences.queryOptions());
  return (
    <QueryState query={prefs} loading={{ text: 'Loading food preferences...', rows: 2 }} error={{ what: 'your food preferences' }}>
      {(data) => (
      <FoodForm key={data.updatedAt ?? 'none'} saved={data} />
      )}
    </QueryState>
  );
}

interface FoodValues {
  diets: Diet[];
  allergies: string;
  notes: string;
}

const toRequest = (value: FoodValues) => ({ diets: value.diets, allergies: value.allergies.trim() || null, notes: value.notes.trim() || null });

function FoodForm({ saved }: { saved: FoodPreferences }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = useMutation(trpc.interests.saveFoodPreferences.mutationOptions());
  const defaultValues: FoodValues = { diets: saved.diets, allergies: saved.allergies ?? '', notes: saved.notes ?? '' };
  const form = useAppForm({
    defaultValues,
    validators: { onSubmit: schemaValidator(foodPreferencesInput, toRequest) },
    onSubmit: async ({ value }) => {
      if (!(await sendForm(form, () => save.mutateAsync(toRequest(value)), { toast: toast.toast, title: 'Error', description: 'Failed to save food preferences. Please try again.' })).ok) return;
      await queryClient.invalidateQueries(trpc.interests.pathFilter());
      toast.toast({ title: 'Food preferences saved', description: 'Your travel agent and concierge will see them.', tone: 'success' });
    },
  });
  return (
    <Card className="max-w-2xl p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Food Preferences</h2>
      <p className="mt-1 text-sm text-muted">Your travel agent sees these on your details, and the concierge sees them in chat.</p>
      <form
        onSubmit={submitWith(form)}
        className="mt-4 space-y-4"
        aria-label="Food preferences"
      >
        <form.Field name="diets">
          {(field) => {
            const chosen = field.state.value;
            const toggle = (diet: Diet) => field.handleChange(chosen.includes(diet) ? chosen.filter((d) => d !== diet) : [...chosen, diet]);
            return (
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
            );
          }}
        </form.Field>
        <form.AppField name="allergies">{(field) => <field.TextField label="Allergies" optional hint="For example: peanuts, shellfish" maxLength={500} />}</form.AppField>
        <form.AppField name="notes">{(field) => <field.TextAreaField label="Other notes" optional maxLength={1000} />}</form.AppField>
        <div className="flex justify-end">
          <form.AppForm>
            <form.SubmitButton label="Save Preferences" busyLabel="Saving…" />
          </form.AppForm>
        </div>
      </form>
    </Card>
  );
}
