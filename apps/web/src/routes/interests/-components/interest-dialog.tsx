import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { fieldErrorsOf } from '../../../components/api-errors';
import { FormButtons, SelectInput, TextArea, TextInput } from '../../../components/form-controls';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { validateInterest } from './interest-rules';
import { StarPriorityInput } from './star-priority';

export type InterestCategory = RouterOutputs['interests']['categories'][number];
export type Interest = RouterOutputs['interests']['profile']['interests'][number];

/**
 * Add or edit an interest. In add mode, choosing a category reveals its popular suggestions;
 * a click on one fills the name.
 */
export function InterestDialog({
  open,
  onClose,
  categories,
  interest,
}: {
  open: boolean;
  onClose: () => void;
  categories: InterestCategory[];
  /** The interest to edit; absent to add one. */
  interest?: Interest | null;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={interest ? 'Edit Interest' : 'Add Interest'} description="Tell us what you love, so we can tailor your trips." size="md">
      {open ? <InterestForm key={interest?.id ?? 'new'} categories={categories} interest={interest ?? null} onDone={onClose} /> : null}
    </Dialog>
  );
}

function InterestForm({ categories, interest, onDone }: { categories: InterestCategory[]; interest: Interest | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [categoryId, setCategoryId] = useState(interest?.categoryId ?? 0);
  const [name, setName] = useState(interest?.name ?? '');
  const [description, setDescription] = useState(interest?.description ?? '');
  const [priority, setPriority] = useState(interest?.priority ?? 3);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Changing the category or the name clears the messages about them.
  const chooseCategory = (id: number) => {
    setCategoryId(id);
    setErrors({});
  };
  const editName = (value: string) => {
    setName(value);
    setErrors({});
  };

  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.interests.pathFilter());
    await queryClient.invalidateQueries(trpc.inspirations.pathFilter());
  };
  const create = useMutation(
    trpc.interests.create.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.toast({ title: 'Interest added! ✨', description: "We'll use this to personalize your travel recommendations.", tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Error', description: 'Failed to add interest. Please try again.', tone: 'destructive' });
      },
    }),
  );
  const update = useMutation(
    trpc.interests.update.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.toast({ title: 'Interest updated', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Error', description: 'Failed to update interest. Please try again.', tone: 'destructive' });
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateInterest({ categoryId, name });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = { categoryId, name: name.trim(), description: description.trim() || null, priority };
    if (interest) update.mutate({ id: interest.id, ...fields });
    else create.mutate(fields);
  };

  const category = categories.find((c) => c.id === categoryId);
  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={interest ? 'Edit interest' : 'Add interest'}>
      <SelectInput label="Category" value={categoryId} onChange={(e) => chooseCategory(Number(e.target.value))} error={errors['categoryId']}>
        <option value={0}>Select a category</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectInput>
      {!interest && category && category.suggestions.length > 0 ? (
        <div className="rounded-lg bg-canvas p-3">
          <p className="text-sm font-medium text-ink" id="interest-suggestions">
            Popular in {category.name}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby="interest-suggestions">
            {category.suggestions.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  onClick={() => editName(s)}
                  aria-pressed={name === s}
                  className="min-h-9 rounded-full border border-slate-300 bg-surface px-3 text-sm text-ink hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <TextInput label="Name" value={name} onChange={(e) => editName(e.target.value)} error={errors['name']} maxLength={100} />
      <TextArea label="Description" optional value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} rows={3} />
      <StarPriorityInput value={priority} onChange={setPriority} />
      <FormButtons onCancel={onDone} busy={pending} busyLabel="Saving…" label={interest ? 'Save Changes' : 'Add Interest'} />
    </form>
  );
}
