import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { fieldErrorsOf, errorMessage } from '../api-errors';
import { FormButtons, SelectInput, TextArea, TextInput } from '../form-controls';
import { useTRPC } from '../../lib/trpc';
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
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
            >
              <input type="radio" name="add-mode" value={value} checked={mode === value} onChange={() => setMode(value)} className="sr-only" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {open && mode === 'availability' ? <AvailabilityForm initialRange={initialRange ?? null} onDone={onClose} /> : null}
      {open && mode === 'occasion' ? <OccasionForm onDone={onClose} /> : null}
    </Dialog>
  );
}

function AvailabilityForm({ initialRange, onDone }: { initialRange: DateRange | null; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const today = localToday();
  const [startDate, setStartDate] = useState(initialRange?.startDate ?? today);
  const [endDate, setEndDate] = useState(initialRange?.endDate ?? addDaysIso(today, 7));
  const [isFlexible, setFlexible] = useState(false);
  const [flexibilityDays, setFlexibilityDays] = useState(3);
  const [preferredDuration, setPreferredDuration] = useState<PreferredDuration>(7);
  const [priority, setPriority] = useState(3);
  const [notes, setNotes] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation(
    trpc.availability.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.availability.pathFilter());
        await queryClient.invalidateQueries(trpc.clients.pathFilter());
        toast.toast({ title: 'Availability added', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Could not save the availability', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!startDate || !endDate) {
      setAlert('Please select both start and end dates');
      return;
    }
    setAlert(null);
    create.mutate({ startDate, endDate, isFlexible, flexibilityDays, preferredDuration, priority, status: 'active', notes: notes || null });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add availability">
      {alert ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {alert}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Start Date" type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} error={errors['startDate']} />
        <TextInput label="End Date" type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} error={errors['endDate']} />
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
        {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its own checked state; ARIA in HTML forbids aria-checked on it */}
        <input type="checkbox" role="switch" checked={isFlexible} onChange={(e) => setFlexible(e.target.checked)} className="size-5 accent-brand-600" />
        Flexible Dates
      </label>
      {isFlexible ? (
        <RangeField
          label="Flexibility"
          min={1}
          max={14}
          value={flexibilityDays}
          onChange={setFlexibilityDays}
          valueText={`± ${flexibilityDays} ${flexibilityDays === 1 ? 'day' : 'days'}`}
        />
      ) : null}
      <SelectInput
        label="Preferred Duration"
        value={preferredDuration}
        onChange={(e) => setPreferredDuration(Number(e.target.value) as PreferredDuration)}
      >
        {durationOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectInput>
      <RangeField label="Priority" min={1} max={5} value={priority} onChange={setPriority} valueText={`${priority} – ${priorityLabels[priority]}`} />
      <TextArea label="Notes" optional value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} />
      <FormButtons onCancel={onDone} busy={create.isPending} busyLabel="Saving…" label="Save Availability" />
    </form>
  );
}

function OccasionForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [date, setDate] = useState(localToday());
  const [occasionType, setOccasionType] = useState<OccasionType>('birthday');
  const [description, setDescription] = useState('');
  const [isRecurring, setRecurring] = useState(false);
  const [participants, setParticipants] = useState('');
  const [importance, setImportance] = useState(3);
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation(
    trpc.occasions.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.occasions.pathFilter());
        await queryClient.invalidateQueries(trpc.clients.pathFilter());
        toast.toast({ title: 'Special occasion added', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Could not save the occasion', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const nextErrors: Record<string, string> = {};
    if (!title.trim()) nextErrors['title'] = 'Title is required';
    setErrors(nextErrors);
    if (!date) {
      setAlert('Please select a date for the occasion');
      return;
    }
    setAlert(null);
    if (nextErrors['title']) return;
    create.mutate({
      title,
      description: description || null,
      date,
      occasionType,
      isRecurring,
      participants: splitParticipants(participants),
      importance,
      celebrated: false,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add special occasion">
      {alert ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {alert}
        </p>
      ) : null}
      <TextInput label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors['title']} maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={errors['date']} />
        <SelectInput label="Occasion Type" value={occasionType} onChange={(e) => setOccasionType(e.target.value as OccasionType)}>
          {Object.entries(occasionTypeLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectInput>
      </div>
      <TextArea label="Description" optional value={description} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-ink">
        {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its own checked state; ARIA in HTML forbids aria-checked on it */}
        <input type="checkbox" role="switch" checked={isRecurring} onChange={(e) => setRecurring(e.target.checked)} className="size-5 accent-brand-600" />
        Recurring (every year)
      </label>
      <TextInput
        label="Participants"
        optional
        hint="Separate names with commas"
        value={participants}
        onChange={(e) => setParticipants(e.target.value)}
        error={errors['participants']}
      />
      <RangeField
        label="Importance"
        min={1}
        max={5}
        value={importance}
        onChange={setImportance}
        valueText={`${importance} – ${importanceLabels[importance]}`}
      />
      <FormButtons onCancel={onDone} busy={create.isPending} busyLabel="Saving…" label="Save Occasion" />
    </form>
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
