import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useEffect, useId, useState } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { schemaValidator, sendAndConfirm, submitWith, useAppForm } from '../form';
import { ChoiceTile } from '../form-controls';
import { useTRPC } from '~/lib/trpc';
import { createAvailabilityInput, createOccasionInput } from '@naav/schemas/availability';
import { addDaysIso } from '@naav/schemas/dates';
import type { DateRange } from '../year-calendar/calendar-model';
import {
  durationOptions,
  importanceLabels,
  localToday,
  occasionTypeLabels,
  priorityLabels,
  splitParticipants,
  type OccasionType,
  type PreferredDuration,
} from './availability-labels';

export type AddMode = 'availability' | 'occasion';

/**
 * The 'Add New' dialog: an availability window or a special occasion, switched at the top.
 * A range picked on the calendar arrives prefilled; otherwise the window is today to today + 7.
 */
export function AddNewDialog({
  open,
  onClose,
  initialMode = 'availability',
  initialRange,
}: {
  open: boolean;
  onClose: () => void;
  initialMode?: AddMode;
  initialRange?: DateRange | null;
}) {
  const [mode, setMode] = useState<AddMode>(initialMode);
  useEffect(() => {
    if (open) setMode(initialMode);
  }, [open, initialMode]);
  return (
    <Dialog open={open} onClose={onClose} title="Add New" size="md">
      <fieldset className="mb-4">
        <legend className="text-sm font-medium text-ink">What would you like to add?</legend>
        <div className="mt-2 grid grid-cols-2 gap-2" role="radiogroup" aria-label="Type">
          {(
            [
              ['availability', 'Availability'],
              ['occasion', 'Special Occasion'],
            ] as const
          ).map(([value, label]) => (
            <ChoiceTile
              key={value}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
              type="radio"
              name="add-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
            >
              {label}
            </ChoiceTile>
          ))}
        </div>
      </fieldset>
      {open && mode === 'availability' ? (
        <AvailabilityForm initialRange={initialRange ?? null} onDone={onClose} />
      ) : null}
      {open && mode === 'occasion' ? <OccasionForm onDone={onClose} /> : null}
    </Dialog>
  );
}

/** A form-wide alert (the spec's words for a missing date), where the form shows it. */
/** Refetches the list a form added to, then the travel team's views of their clients, which show it too. */
function useRefetchWithClients() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (filter: Parameters<typeof queryClient.invalidateQueries>[0]) => {
    await queryClient.invalidateQueries(filter);
    await queryClient.invalidateQueries(trpc.clients.pathFilter());
  };
}

function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
      {message}
    </p>
  ) : null;
}

const alertOf = (state: { errorMap: { onSubmit?: unknown } }) =>
  typeof state.errorMap.onSubmit === 'string' ? state.errorMap.onSubmit : null;

interface AvailabilityValues {
  startDate: string;
  endDate: string;
  isFlexible: boolean;
  flexibilityDays: number;
  /** The select's value, a number of days. */
  preferredDuration: string;
  priority: number;
  notes: string;
}

const toAvailabilityRequest = (value: AvailabilityValues) => ({
  startDate: value.startDate,
  endDate: value.endDate,
  isFlexible: value.isFlexible,
  flexibilityDays: value.flexibilityDays,
  preferredDuration: Number(value.preferredDuration) as PreferredDuration,
  priority: value.priority,
  status: 'active' as const,
  notes: value.notes || null,
});
const checkAvailability = schemaValidator(createAvailabilityInput, toAvailabilityRequest);

function AvailabilityForm({ initialRange, onDone }: { initialRange: DateRange | null; onDone: () => void }) {
  const trpc = useTRPC();
  const refetchWith = useRefetchWithClients();
  const toast = useToast();
  const create = useMutation(trpc.availability.create.mutationOptions());
  const today = localToday();
  const defaultValues: AvailabilityValues = {
    startDate: initialRange?.startDate ?? today,
    endDate: initialRange?.endDate ?? addDaysIso(today, 7),
    isFlexible: false,
    flexibilityDays: 3,
    preferredDuration: '7',
    priority: 3,
    notes: '',
  };
  const form = useAppForm({
    defaultValues,
    validators: {
      // The spec's alert for a missing date; then what the server would say (an end before the start).
      onSubmit: ({ value }) =>
        !value.startDate || !value.endDate ? 'Please select both start and end dates' : checkAvailability({ value }),
    },
    onSubmit: async ({ value }) => {
      await sendAndConfirm(form, () => create.mutateAsync(toAvailabilityRequest(value)), {
        toast: toast.toast,
        title: 'Could not save the availability',
        refetch: () => refetchWith(trpc.availability.pathFilter()),
        success: { title: 'Availability added' },
        onDone,
      });
    },
  });
  const alert = useStore(form.store, alertOf);
  const isFlexible = useStore(form.store, (state) => state.values.isFlexible);

  return (
    <form onSubmit={submitWith(form)} noValidate className="space-y-4" aria-label="Add availability">
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="startDate">{(field) => <field.DateField label="Start Date" />}</form.AppField>
        <form.AppField name="endDate">{(field) => <field.DateField label="End Date" />}</form.AppField>
      </div>
      <form.Field name="isFlexible">
        {(field) => (
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its own checked state; ARIA in HTML forbids aria-checked on it
              role="switch"
              checked={field.state.value}
              onChange={(e) => field.handleChange(e.target.checked)}
              className="size-5 accent-brand-600"
            />
            Flexible Dates
          </label>
        )}
      </form.Field>
      {isFlexible ? (
        <form.Field name="flexibilityDays">
          {(field) => (
            <RangeField
              label="Flexibility"
              min={1}
              max={14}
              value={field.state.value}
              onChange={field.handleChange}
              valueText={`± ${field.state.value} ${field.state.value === 1 ? 'day' : 'days'}`}
            />
          )}
        </form.Field>
      ) : null}
      <form.AppField name="preferredDuration">
        {(field) => (
          <field.SelectField label="Preferred Duration">
            {durationOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </field.SelectField>
        )}
      </form.AppField>
      <form.Field name="priority">
        {(field) => <ScaleField label="Priority" labels={priorityLabels} field={field} />}
      </form.Field>
      <form.AppField name="notes">{(field) => <field.NotesField />}</form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busyLabel="Saving…" label="Save Availability" />
      </form.AppForm>
    </form>
  );
}

interface OccasionValues {
  title: string;
  date: string;
  occasionType: OccasionType;
  description: string;
  isRecurring: boolean;
  /** Comma-separated, as typed. */
  participants: string;
  importance: number;
}

const toOccasionRequest = (value: OccasionValues) => ({
  title: value.title,
  description: value.description || null,
  date: value.date,
  occasionType: value.occasionType,
  isRecurring: value.isRecurring,
  participants: splitParticipants(value.participants),
  importance: value.importance,
  celebrated: false,
});
const checkOccasion = schemaValidator(createOccasionInput, toOccasionRequest, { title: 'Title is required' });

function OccasionForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const refetchWith = useRefetchWithClients();
  const toast = useToast();
  const create = useMutation(trpc.occasions.create.mutationOptions());
  const defaultValues: OccasionValues = {
    title: '',
    date: localToday(),
    occasionType: 'birthday',
    description: '',
    isRecurring: false,
    participants: '',
    importance: 3,
  };
  const form = useAppForm({
    defaultValues,
    validators: {
      // The spec's alert for a missing date, beside what the server would say of the other fields.
      onSubmit: ({ value }) => {
        const { date: _date, ...fields } = checkOccasion({ value })?.fields ?? {};
        const alert = value.date ? undefined : 'Please select a date for the occasion';
        return alert || Object.keys(fields).length > 0 ? { form: alert, fields } : undefined;
      },
    },
    onSubmit: async ({ value }) => {
      await sendAndConfirm(form, () => create.mutateAsync(toOccasionRequest(value)), {
        toast: toast.toast,
        title: 'Could not save the occasion',
        refetch: () => refetchWith(trpc.occasions.pathFilter()),
        success: { title: 'Special occasion added' },
        onDone,
      });
    },
  });
  const alert = useStore(form.store, alertOf);

  return (
    <form onSubmit={submitWith(form)} noValidate className="space-y-4" aria-label="Add special occasion">
      <FormAlert message={alert} />
      <form.AppField name="title">{(field) => <field.TextField label="Title" maxLength={200} />}</form.AppField>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.AppField name="date">{(field) => <field.DateField label="Date" />}</form.AppField>
        <form.AppField name="occasionType">
          {(field) => <field.SelectField label="Occasion Type" options={occasionTypeLabels} />}
        </form.AppField>
      </div>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" optional maxLength={2000} />}
      </form.AppField>
      <form.Field name="isRecurring">
        {(field) => (
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
            <input
              type="checkbox"
              // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its own checked state; ARIA in HTML forbids aria-checked on it
              role="switch"
              checked={field.state.value}
              onChange={(e) => field.handleChange(e.target.checked)}
              className="size-5 accent-brand-600"
            />
            Recurring (every year)
          </label>
        )}
      </form.Field>
      <form.AppField name="participants">
        {(field) => <field.TextField label="Participants" optional hint="Separate names with commas" />}
      </form.AppField>
      <form.Field name="importance">
        {(field) => <ScaleField label="Importance" labels={importanceLabels} field={field} />}
      </form.Field>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busyLabel="Saving…" label="Save Occasion" />
      </form.AppForm>
    </form>
  );
}

/** A 1–5 scale bound to a form field; its value reads with its label ("3 – Medium"). */
function ScaleField({
  label,
  labels,
  field,
}: {
  label: string;
  labels: Readonly<Record<number, string>>;
  field: { state: { value: number }; handleChange: (value: number) => void };
}) {
  const { value } = field.state;
  return (
    <RangeField
      label={label}
      min={1}
      max={5}
      value={value}
      onChange={field.handleChange}
      valueText={`${value} – ${labels[value]}`}
    />
  );
}

function RangeField({
  label,
  min,
  max,
  value,
  onChange,
  valueText,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  valueText: string;
}) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <output htmlFor={id} className="text-sm text-muted">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-valuetext={valueText}
        onChange={(e) => onChange(Number(e.target.value))}
        className="mt-2 block h-11 w-full accent-brand-600"
      />
    </div>
  );
}
