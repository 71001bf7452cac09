import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import type { AnyFieldApi } from '@tanstack/react-form';
import { useStore } from '@tanstack/react-form';
import { useId, type ReactNode } from 'react';
import { errorMessage } from '~/components/api-errors';
import { applyServerErrors, firstError, schemaValidator, submitWith, useAppForm } from '~/components/form';
import type { Travel } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { useQueuedWrite } from '~/lib/use-queued-writes';
import { travelTags, type TravelTag } from './journal-filters';
import { ownImageHint } from '~/lib/own-image';
import { createTravelInput } from '@naav/schemas/travels';

type Field = 'title' | 'location' | 'startDate' | 'endDate' | 'description' | 'highlights' | 'tags' | 'imageUrl';
type FieldErrors = Partial<Record<Field, string>>;

const labels: Record<Field, string> = {
  title: 'Title',
  location: 'Location',
  startDate: 'Start date',
  endDate: 'End date',
  description: 'Description',
  highlights: 'Highlights',
  tags: 'Tags',
  imageUrl: 'Image URL',
};

// The server's limits (travels.schemas.ts), so the form stops at them instead of failing after.
const maxLength = { title: 120, location: 160, description: 4000, imageUrl: 500, highlight: 200 } as const;
const maxHighlights = 20;

type Values = typeof empty;

const empty = {
  title: '',
  location: '',
  startDate: '',
  endDate: '',
  description: '',
  highlights: '',
  imageUrl: '',
  tags: [] as TravelTag[],
};

const splitHighlights = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const toRequest = (form: Values) => ({
  title: form.title,
  location: form.location,
  startDate: form.startDate,
  endDate: form.endDate,
  description: form.description,
  highlights: splitHighlights(form.highlights),
  tags: form.tags,
  imageUrl: form.imageUrl,
});

/** The highlight limits in the form's words (one per line), which the request's list cannot say. */
function highlightsError(form: Values): string | undefined {
  const highlights = splitHighlights(form.highlights);
  if (highlights.length > maxHighlights) return `At most ${maxHighlights} highlights, one per line`;
  if (highlights.some((h) => h.length > maxLength.highlight)) return `Keep each highlight under ${maxLength.highlight} characters`;
  return undefined;
}

const checkRequest = schemaValidator(createTravelInput, toRequest, {
  title: 'Enter a title',
  location: 'Enter a location',
  startDate: 'Enter a start date',
  endDate: 'Enter an end date',
});

/** What can be said before asking the server: what the server would answer, on its fields. */
function checkForm({ value }: { value: Values }) {
  const fields: FieldErrors = { ...checkRequest({ value })?.fields };
  const highlights = highlightsError(value);
  if (highlights) fields.highlights = highlights;
  return Object.keys(fields).length > 0 ? { fields } : undefined;
}

/** "Add a past travel": a trip that was never planned here joins the journal (POST /api/travels/history). */
export function AddTravelDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (travel: Travel) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formId = useId();
  // A queued write: without a network the entry waits on this device, listed as "Waiting to sync".
  const create = useQueuedWrite('journal.create');

  const form = useAppForm({
    defaultValues: empty,
    validators: { onSubmit: checkForm },
    // Take the user to the first field to fix.
    onSubmitInvalid: ({ formApi }) => {
      const first = (Object.keys(labels) as Field[]).find((f) => formApi.getFieldMeta(f)?.errors.length);
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
    },
    onSubmit: async ({ value }) => {
      let sent: Awaited<ReturnType<typeof create.submit>>;
      try {
        sent = await create.submit(toRequest(value));
      } catch (error) {
        applyServerErrors(form, error);
        const description = errorMessage(error, labels);
        // The server's answer, repeated inside the dialog (the page behind it, and its toast, is inert); editing clears it.
        form.setErrorMap({ onSubmit: description });
        toast({ title: 'The travel could not be added', description, tone: 'destructive' });
        return;
      }
      if (sent.queued) {
        toast({ title: 'Travel added', description: 'Saved on this device: it is sent when the connection is back.', tone: 'success' });
        form.reset(empty);
        onClose();
        return;
      }
      const travel = sent.data;
      // Wait for the journal to include it, so the panel can show it at once.
      await queryClient.invalidateQueries(trpc.journal.pathFilter());
      toast({ title: 'Travel added', description: `${travel.title} is in your journal.`, tone: 'success' });
      form.reset(empty);
      onAdded(travel);
    },
  });
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const serverError = useStore(form.store, (state) => (typeof state.errorMap.onSubmit === 'string' ? state.errorMap.onSubmit : null));
  const startDate = useStore(form.store, (state) => state.values.startDate);

  function close() {
    if (submitting) return;
    // What was typed stays for the next opening; the messages go.
    form.reset(form.state.values, { keepDefaultValues: true });
    onClose();
  }

  /** The dialog's own input bound to a form field: its id (for focus), label, value and first error. */
  const bind = (field: AnyFieldApi) => ({
    id: `${formId}-${field.name}`,
    label: labels[field.name as Field],
    value: field.state.value as string,
    onChange: (value: string) => field.handleChange(value),
    onBlur: field.handleBlur,
    error: firstError(field.state.meta),
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add a past travel"
      description="A trip you took before Naav, or planned elsewhere. It joins your journal and, when we know the place, the map."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={submitting}>
            {submitting ? 'Adding…' : 'Add travel'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={submitWith(form)}
        className="grid gap-4 sm:grid-cols-2"
      >
        <div role="alert" className="empty:hidden sm:col-span-2">
          {serverError && (
            <p className="rounded-lg border border-red-200 bg-danger-50 px-3 py-2 text-sm text-danger-600">
              <span className="font-semibold">The travel could not be added.</span> {serverError}
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <form.Field name="title">{(field) => <TextInput {...bind(field)} maxLength={maxLength.title} required />}</form.Field>
        </div>
        <div className="sm:col-span-2">
          <form.Field name="location">
            {(field) => <TextInput {...bind(field)} maxLength={maxLength.location} hint="City and country, e.g. Kyoto, Japan" required />}
          </form.Field>
        </div>
        <form.Field name="startDate">{(field) => <TextInput {...bind(field)} type="date" required />}</form.Field>
        <form.Field name="endDate">{(field) => <TextInput {...bind(field)} type="date" min={startDate || undefined} required />}</form.Field>
        <div className="sm:col-span-2">
          <form.Field name="description">{(field) => <TextInput {...bind(field)} rows={3} maxLength={maxLength.description} />}</form.Field>
        </div>
        <div className="sm:col-span-2">
          <form.Field name="highlights">{(field) => <TextInput {...bind(field)} rows={4} hint="One per line" />}</form.Field>
        </div>
        <form.Field name="tags">
          {(field) => {
            const error = firstError(field.state.meta);
            const chosen = field.state.value;
            return (
              <fieldset className="sm:col-span-2" aria-describedby={error ? `${formId}-tags-error` : undefined}>
                <legend className="text-sm font-medium text-ink">{labels.tags}</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {travelTags.map((tag) => {
                    const on = chosen.includes(tag);
                    return (
                      <button
                        key={tag}
                        type="button"
                        aria-pressed={on}
                        onClick={() => field.handleChange(on ? chosen.filter((t) => t !== tag) : [...chosen, tag])}
                        className={`min-h-11 rounded-full border px-4 sm:min-h-9 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                          on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-surface text-ink hover:bg-brand-50'
                        }`}
                      >
                        {tag}
                      </button>
                    );
                  })}
                </div>
                {error && (
                  <p id={`${formId}-tags-error`} className="mt-1 text-sm text-danger-600">
                    {error}
                  </p>
                )}
              </fieldset>
            );
          }}
        </form.Field>
        <div className="sm:col-span-2">
          <form.Field name="imageUrl">
            {(field) => (
              <TextInput
                {...bind(field)}
                label="Image URL (optional)"
                inputMode="url"
                maxLength={maxLength.imageUrl}
                hint={`${ownImageHint}; leave empty for a placeholder picture`}
              />
            )}
          </form.Field>
        </div>
      </form>
    </Dialog>
  );
}

const inputClasses = (invalid: boolean) =>
  `mt-1 block min-h-11 w-full rounded-lg border bg-surface px-3 py-2 text-ink shadow-sm focus:outline-2 focus:outline-brand-600 ${
    invalid ? 'border-danger-600' : 'border-gray-300 focus:border-brand-600'
  }`;

/** A label, an optional hint and the field's error, wired to the control by id. */
function FieldShell({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {children(describedBy)}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The dialog's own text field: a line, a date, or several lines when `rows` is given. */
function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  rows,
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'date';
  rows?: number;
  maxLength?: number;
  min?: string;
  required?: boolean;
  inputMode?: 'url';
}) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      {(describedBy) => {
        const control = {
          id,
          value,
          onChange: (e: { target: { value: string } }) => onChange(e.target.value),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          className: inputClasses(Boolean(error)),
          ...rest,
        };
        return rows ? <textarea rows={rows} {...control} /> : <input type={type} {...control} />;
      }}
    </FieldShell>
  );
}
