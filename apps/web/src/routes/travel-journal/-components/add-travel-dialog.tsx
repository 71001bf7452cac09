import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../components/api-errors';
import type { Travel } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { useQueuedWrite } from '../../../lib/use-queued-writes';
import { travelTags, type TravelTag } from './journal-filters';
import { ownImageHint } from '../../../lib/own-image';

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

const isField = (name: string | undefined): name is Field => name !== undefined && name in labels;

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

/** What can be said before asking the server: the required fields and the highlight limits. */
function checkForm(form: typeof empty): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.title.trim()) errors.title = 'Enter a title';
  if (!form.location.trim()) errors.location = 'Enter a location';
  if (!form.startDate) errors.startDate = 'Enter a start date';
  if (!form.endDate) errors.endDate = 'Enter an end date';
  const highlights = splitHighlights(form.highlights);
  if (highlights.length > maxHighlights) errors.highlights = `At most ${maxHighlights} highlights, one per line`;
  else if (highlights.some((h) => h.length > maxLength.highlight))
    errors.highlights = `Keep each highlight under ${maxLength.highlight} characters`;
  return errors;
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
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The server's answer, repeated inside the dialog: the page behind it (and its toast) is inert.
  const [serverError, setServerError] = useState<string | null>(null);

  // A queued write: without a network the entry waits on this device, listed as "Waiting to sync".
  const create = useQueuedWrite('travels.create', {
    onQueued: () => {
      toast({ title: 'Travel added', description: 'Saved on this device: it is sent when the connection is back.', tone: 'success' });
      setForm(empty);
      setErrors({});
      setServerError(null);
      onClose();
    },
    onSuccess: async (travel) => {
      // Wait for the journal to include it, so the panel can show it at once.
      await queryClient.invalidateQueries(trpc.travels.pathFilter());
      toast({ title: 'Travel added', description: `${travel.title} is in your journal.`, tone: 'success' });
      setForm(empty);
      setErrors({});
      setServerError(null);
      onAdded(travel);
    },
    onError: (error) => {
      const fieldErrors: FieldErrors = {};
      for (const issue of error.data?.issues ?? []) {
        const field = issue.path[0];
        if (isField(field)) fieldErrors[field] ??= issue.message;
      }
      setErrors(fieldErrors);
      const description = errorMessage(error, labels);
      setServerError(description);
      toast({ title: 'The travel could not be added', description, tone: 'destructive' });
    },
  });

  function close() {
    if (create.isPending) return;
    setErrors({});
    setServerError(null);
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkForm(form);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) {
      // Take the user to the first field to fix.
      const first = Object.keys(labels).find((f) => f in found);
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    create.mutate({
      title: form.title,
      location: form.location,
      startDate: form.startDate,
      endDate: form.endDate,
      description: form.description,
      highlights: splitHighlights(form.highlights),
      tags: form.tags,
      imageUrl: form.imageUrl,
    });
  }

  const set = (field: Exclude<Field, 'tags'>) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const fieldProps = (field: Exclude<Field, 'tags'>) => ({
    id: `${formId}-${field}`,
    label: labels[field],
    value: form[field],
    onChange: set(field),
    error: errors[field],
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
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add travel'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <div role="alert" className="empty:hidden sm:col-span-2">
          {serverError && (
            <p className="rounded-lg border border-red-200 bg-danger-50 px-3 py-2 text-sm text-danger-600">
              <span className="font-semibold">The travel could not be added.</span> {serverError}
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <TextInput {...fieldProps('title')} maxLength={maxLength.title} required />
        </div>
        <div className="sm:col-span-2">
          <TextInput {...fieldProps('location')} maxLength={maxLength.location} hint="City and country, e.g. Kyoto, Japan" required />
        </div>
        <TextInput {...fieldProps('startDate')} type="date" required />
        <TextInput {...fieldProps('endDate')} type="date" min={form.startDate || undefined} required />
        <div className="sm:col-span-2">
          <FieldShell id={`${formId}-description`} label={labels.description} error={errors.description}>
            {(describedBy) => (
              <textarea
                id={`${formId}-description`}
                rows={3}
                maxLength={maxLength.description}
                value={form.description}
                onChange={(e) => set('description')(e.target.value)}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={describedBy}
                className={inputClasses(Boolean(errors.description))}
              />
            )}
          </FieldShell>
        </div>
        <div className="sm:col-span-2">
          <FieldShell id={`${formId}-highlights`} label={labels.highlights} hint="One per line" error={errors.highlights}>
            {(describedBy) => (
              <textarea
                id={`${formId}-highlights`}
                rows={4}
                value={form.highlights}
                onChange={(e) => set('highlights')(e.target.value)}
                aria-invalid={errors.highlights ? true : undefined}
                aria-describedby={describedBy}
                className={inputClasses(Boolean(errors.highlights))}
              />
            )}
          </FieldShell>
        </div>
        <fieldset className="sm:col-span-2" aria-describedby={errors.tags ? `${formId}-tags-error` : undefined}>
          <legend className="text-sm font-medium text-ink">{labels.tags}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {travelTags.map((tag) => {
              const on = form.tags.includes(tag);
              return (
                <button
                  key={tag}
                  type="button"
                  aria-pressed={on}
                  onClick={() =>
                    setForm((f) => ({ ...f, tags: on ? f.tags.filter((t) => t !== tag) : [...f.tags, tag] }))
                  }
                  className={`min-h-9 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-surface text-ink hover:bg-brand-50'
                  }`}
                >
                  {tag}
                </button>
              );
            })}
          </div>
          {errors.tags && (
            <p id={`${formId}-tags-error`} className="mt-1 text-sm text-danger-600">
              {errors.tags}
            </p>
          )}
        </fieldset>
        <div className="sm:col-span-2">
          <TextInput
            {...fieldProps('imageUrl')}
            label="Image URL (optional)"
            inputMode="url"
            maxLength={maxLength.imageUrl}
            hint={`${ownImageHint}; leave empty for a placeholder picture`}
          />
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

function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  ...rest
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'date';
  maxLength?: number;
  min?: string;
  required?: boolean;
  inputMode?: 'url';
}) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <input
          id={id}
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(Boolean(error))}
          {...rest}
        />
      )}
    </FieldShell>
  );
}
