import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { schemaValidator, sendAndConfirm, submitWith, useAppForm } from '~/components/form';
import { createInterestInput } from '@naav/schemas/interests';
import type { RouterOutputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
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
    <Dialog
      open={open}
      onClose={onClose}
      title={interest ? 'Edit Interest' : 'Add Interest'}
      description="Tell us what you love, so we can tailor your trips."
      size="md"
    >
      {open ? (
        <InterestForm
          key={interest?.id ?? 'new'}
          categories={categories}
          interest={interest ?? null}
          onDone={onClose}
        />
      ) : null}
    </Dialog>
  );
}

interface InterestValues {
  /** The select's value; "0" until a category is chosen. */
  categoryId: string;
  name: string;
  description: string;
  priority: number;
}

function InterestForm({
  categories,
  interest,
  onDone,
}: {
  categories: InterestCategory[];
  interest: Interest | null;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = useMutation(trpc.interests.create.mutationOptions());
  const update = useMutation(trpc.interests.update.mutationOptions());

  const toRequest = (value: InterestValues) => ({
    categoryId: Number(value.categoryId),
    name: value.name.trim(),
    description: value.description.trim() || null,
    priority: value.priority,
  });
  const defaultValues: InterestValues = {
    categoryId: String(interest?.categoryId ?? 0),
    name: interest?.name ?? '',
    description: interest?.description ?? '',
    priority: interest?.priority ?? 3,
  };
  const form = useAppForm({
    defaultValues,
    // The schema the server checks an interest with; its messages are the spec's.
    validators: { onSubmit: schemaValidator(createInterestInput, toRequest) },
    onSubmit: async ({ value }) => {
      await sendAndConfirm(
        form,
        () =>
          interest
            ? update.mutateAsync({ id: interest.id, ...toRequest(value) })
            : create.mutateAsync(toRequest(value)),
        {
          toast: toast.toast,
          title: 'Error',
          description: interest
            ? 'Failed to update interest. Please try again.'
            : 'Failed to add interest. Please try again.',
          refetch: async () => {
            await queryClient.invalidateQueries(trpc.interests.pathFilter());
            await queryClient.invalidateQueries(trpc.inspirations.pathFilter());
          },
          success: interest
            ? { title: 'Interest updated' }
            : {
                title: 'Interest added! ✨',
                description: "We'll use this to personalize your travel recommendations.",
              },
          onDone,
        },
      );
    },
  });

  const categoryId = useStore(form.store, (state) => Number(state.values.categoryId));
  const name = useStore(form.store, (state) => state.values.name);
  const category = categories.find((c) => c.id === categoryId);
  return (
    <form
      onSubmit={submitWith(form)}
      noValidate
      className="space-y-4"
      aria-label={interest ? 'Edit interest' : 'Add interest'}
    >
      <form.AppField name="categoryId">
        {(field) => (
          <field.SelectField label="Category">
            <option value="0">Select a category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </field.SelectField>
        )}
      </form.AppField>
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
                  onClick={() => form.setFieldValue('name', s)}
                  aria-pressed={name === s}
                  className="min-h-11 rounded-full border border-slate-300 sm:min-h-9 bg-surface px-3 text-sm text-ink hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form.AppField name="name">{(field) => <field.TextField label="Name" maxLength={100} />}</form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" optional maxLength={1000} rows={3} />}
      </form.AppField>
      <form.Field name="priority">
        {(field) => <StarPriorityInput value={field.state.value} onChange={field.handleChange} />}
      </form.Field>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busyLabel="Saving…" label={interest ? 'Save Changes' : 'Add Interest'} />
      </form.AppForm>
    </form>
  );
}
