import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf } from '../../../components/api-errors';
import { FormButtons, SelectInput, TextArea, TextInput } from '../../../components/form-controls';
import { useTRPC } from '../../../lib/trpc';
import { localToday } from '../../../components/availability/availability-labels';
import { formatDate, formatDateRange } from '../../../lib/format';
import { fromMinorUnits, toMinorUnits } from '../../../lib/money';
import { expenseCurrencies, paymentMethods, type ExpenseCurrency, type PaymentMethod } from '@naav/schemas/budget';
import type { Category } from './budget-model';

export interface EditableExpense {
  id: string;
  title: string;
  amount: number;
  currency: string;
  categoryId: number | null;
  date: string;
  notes: string | null;
  paymentMethod: string | null;
  location: string | null;
  isReimbursable: boolean;
  exchangeRate: number;
  rateIsManual: boolean;
}

interface FormState {
  title: string;
  amount: string;
  currency: string;
  categoryId: string;
  date: string;
  notes: string;
  paymentMethod: string;
  location: string;
  isReimbursable: boolean;
  manualRate: boolean;
  rate: string;
}

/** A new expense: the trip's currency, today, not reimbursable (§4's reset). */
export const emptyForm = (baseCurrency: string, today = localToday()): FormState => ({
  title: '',
  amount: '',
  currency: baseCurrency,
  categoryId: '',
  date: today,
  notes: '',
  paymentMethod: '',
  location: '',
  isReimbursable: false,
  manualRate: false,
  rate: '',
});

const formFrom = (e: EditableExpense): FormState => ({
  title: e.title,
  amount: fromMinorUnits(e.amount),
  currency: e.currency,
  categoryId: e.categoryId === null ? '' : String(e.categoryId),
  date: e.date,
  notes: e.notes ?? '',
  paymentMethod: e.paymentMethod ?? '',
  location: e.location ?? '',
  isReimbursable: e.isReimbursable,
  manualRate: e.rateIsManual,
  rate: String(e.exchangeRate),
});

/**
 * Add or edit an expense. Saving or cancelling resets the form and closes the dialog. A date
 * outside the trip's days is saved only after the traveller confirms it (the API refuses it
 * otherwise; the confirmation sends allowOutsideTrip).
 */
export function ExpenseDialog({
  open,
  onClose,
  tripId,
  tripDates,
  baseCurrency,
  categories,
  rates,
  ratesDate,
  editing,
}: {
  open: boolean;
  onClose: () => void;
  tripId: string;
  /** The trip's first and last day, YYYY-MM-DD. */
  tripDates: { startDate: string; endDate: string };
  baseCurrency: string;
  categories: Category[];
  /** 1 base = rates[code] code. */
  rates: Record<string, number> | undefined;
  ratesDate: string | undefined;
  editing: EditableExpense | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState<FormState>(() => (editing ? formFrom(editing) : emptyForm(baseCurrency)));
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The date the traveller is asked to confirm, outside the trip's days.
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (open) setForm(editing ? formFrom(editing) : emptyForm(baseCurrency));
  }, [open, editing, baseCurrency]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const close = () => {
    setForm(emptyForm(baseCurrency));
    setAlert(null);
    setErrors({});
    setConfirming(null);
    onClose();
  };

  const done = async (title: string) => {
    await Promise.all([queryClient.invalidateQueries(trpc.expenses.pathFilter()), queryClient.invalidateQueries(trpc.budget.summary.pathFilter())]);
    toast.toast({ title, tone: 'success' });
    close();
  };
  const failed = (title: string) => (error: unknown) => {
    setErrors(fieldErrorsOf(error));
    toast.toast({ title, description: errorMessage(error), tone: 'destructive' });
  };
  const create = useMutation(trpc.expenses.create.mutationOptions({ onSuccess: () => done('Expense added'), onError: failed('Could not add the expense') }));
  const update = useMutation(trpc.expenses.update.mutationOptions({ onSuccess: () => done('Expense updated'), onError: failed('Could not update the expense') }));
  const pending = create.isPending || update.isPending;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'date') setConfirming(null);
  };
  const sameCurrency = form.currency === baseCurrency;
  const referenceRate = rates?.[form.currency] ? 1 / rates[form.currency]! : undefined;
  const keepsFrozenRate = editing !== null && editing.currency === form.currency && !form.manualRate;
  const shownRate = keepsFrozenRate ? editing.exchangeRate : referenceRate;

  const save = (allowOutsideTrip: boolean) => {
    const amount = toMinorUnits(form.amount);
    if (!form.title.trim() || amount === null || !form.date) {
      setAlert('Please fill in all required fields');
      return;
    }
    const manual = form.manualRate && !sameCurrency ? Number(form.rate) : null;
    if (manual !== null && !(manual > 0)) {
      setErrors({ exchangeRate: 'Enter a rate above 0' });
      return;
    }
    setAlert(null);
    setErrors({});
    // An edit that keeps its date keeps the confirmation it was saved with.
    const outsideTrip = form.date < tripDates.startDate || form.date > tripDates.endDate;
    if (outsideTrip && !allowOutsideTrip && form.date !== editing?.date) {
      setConfirming(form.date);
      return;
    }
    setConfirming(null);
    const body = {
      tripId,
      title: form.title,
      amount,
      currency: form.currency as ExpenseCurrency,
      categoryId: form.categoryId ? Number(form.categoryId) : null,
      date: form.date,
      notes: form.notes.trim() || null,
      paymentMethod: (form.paymentMethod || null) as PaymentMethod | null,
      location: form.location.trim() || null,
      isReimbursable: form.isReimbursable,
      exchangeRate: manual,
      ...(allowOutsideTrip ? { allowOutsideTrip } : {}),
    };
    if (editing) update.mutate({ ...body, id: editing.id });
    else create.mutate(body);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save(false);
  };

  return (
    <Dialog open={open} onClose={close} title={editing ? 'Edit Expense' : 'Add Expense'} size="md">
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" aria-label={editing ? 'Edit expense' : 'Add expense'}>
        {alert ? (
          <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
            {alert}
          </p>
        ) : null}
        <TextInput label="Description" value={form.title} onChange={(e) => set('title', e.target.value)} maxLength={200} error={errors['title']} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={form.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={errors['amount']}
          />
          <SelectInput label="Currency" value={form.currency} onChange={(e) => set('currency', e.target.value)} error={errors['currency']}>
            {expenseCurrencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectInput>
        </div>
        {!sameCurrency ? (
          <div className="rounded-lg bg-canvas p-3 text-sm">
            <p className="text-ink">
              {shownRate ? `1 ${form.currency} = ${shownRate.toFixed(4)} ${baseCurrency}` : `No reference rate for ${form.currency}`}
              {keepsFrozenRate ? ' (the rate saved with this expense)' : ratesDate ? ` (rates as of ${ratesDate})` : ''}
            </p>
            <label className="mt-2 flex min-h-11 items-center gap-2 text-ink">
              <input type="checkbox" className="size-4" checked={form.manualRate} onChange={(e) => set('manualRate', e.target.checked)} />
              Use my own rate (e.g. my card's rate with fees)
            </label>
            {form.manualRate ? (
              <TextInput
                label={`${baseCurrency} per 1 ${form.currency}`}
                type="number"
                step="0.0001"
                min="0"
                value={form.rate}
                onChange={(e) => set('rate', e.target.value)}
                error={errors['exchangeRate']}
              />
            ) : null}
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Date" type="date" value={form.date} onChange={(e) => set('date', e.target.value)} error={errors['date']} />
          <SelectInput label="Category" optional value={form.categoryId} onChange={(e) => set('categoryId', e.target.value)} error={errors['categoryId']}>
            <option value="">No category</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectInput>
          <SelectInput label="Payment Method" optional value={form.paymentMethod} onChange={(e) => set('paymentMethod', e.target.value)}>
            <option value="">Not specified</option>
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </SelectInput>
          <TextInput label="Location" optional value={form.location} onChange={(e) => set('location', e.target.value)} maxLength={200} />
        </div>
        <TextArea label="Notes" optional value={form.notes} onChange={(e) => set('notes', e.target.value)} maxLength={2000} />
        <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
          <input type="checkbox" className="size-4" checked={form.isReimbursable} onChange={(e) => set('isReimbursable', e.target.checked)} />
          Reimbursable
        </label>
        {confirming ? (
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>
              {formatDate(confirming)} is outside this trip ({formatDateRange(tripDates.startDate, tripDates.endDate)}). Save the expense on that date
              anyway?
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button ref={confirmRef} size="sm" onClick={() => save(true)} disabled={pending}>
                Save Anyway
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setConfirming(null);
                  formRef.current?.querySelector<HTMLInputElement>('input[type="date"]')?.focus();
                }}
              >
                Change the Date
              </Button>
            </div>
          </div>
        ) : null}
        <FormButtons onCancel={close} busy={pending} busyLabel="Saving…" label={editing ? 'Save Changes' : 'Add Expense'} />
      </form>
    </Dialog>
  );
}
