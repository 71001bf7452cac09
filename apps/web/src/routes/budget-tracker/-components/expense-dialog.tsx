import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { FormError } from '~/components/form-controls';
import { sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { useTRPC } from '~/lib/trpc';
import { useQueuedWrite } from '~/lib/use-queued-writes';
import { localToday } from '~/components/availability/availability-labels';
import { formatDate, formatDateRange } from '~/lib/format';
import { fromMinorUnits, toMinorUnits } from '~/lib/money';
import {
  expenseBody,
  expenseCurrencies,
  paymentMethods,
  type ExpenseCurrency,
  type PaymentMethod,
} from '@naav/schemas/budget';
import type { Category } from './budget-model';
import { useMe } from '~/components/use-me';
import { SplitFields } from './split-fields';
import { defaultSplit, splitFrom, splitRequest, type SplitState } from './split-model';

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
  /** Absent on an expense still waiting to sync. */
  paidBy?: string;
  shares?: readonly { participantId: string; amount: number }[];
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
  amount: fromMinorUnits(e.amount, e.currency),
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

/** The spec's one alert for a missing Description, Amount or Date (§4), before any field's message. */
const missingRequired = (form: FormState) => !form.title.trim() || toMinorUnits(form.amount) === null || !form.date;

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
  // The date the traveller is asked to confirm, outside the trip's days.
  const [confirming, setConfirming] = useState<string | null>(null);
  // What the form starts from: the expense to edit or a new one; a new one again once closed.
  const [defaults, setDefaults] = useState<FormState>(() => (editing ? formFrom(editing) : emptyForm(baseCurrency)));
  const confirmRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Queued writes: without a network they wait and show at once, marked "Waiting to sync".
  const create = useQueuedWrite('expenses.create');
  const update = useQueuedWrite('expenses.update');
  const pending = create.isPending || update.isPending;
  const me = useMe();
  const people = useQuery(trpc.balances.participants.queryOptions({ id: tripId })).data;
  // Who paid and how it is shared: the default (the person adding it, equal among everyone) until changed.
  const [split, setSplitState] = useState<SplitState>(defaultSplit);
  const [splitErrors, setSplitErrors] = useState<Record<string, string>>({});
  const setSplit = (next: SplitState) => {
    setSplitState(next);
    setSplitErrors({});
  };
  const splitOf = (e: EditableExpense | null): SplitState =>
    e?.paidBy && e.shares && people ? splitFrom({ ...e, paidBy: e.paidBy, shares: e.shares }, people) : defaultSplit;
  /** The paidBy and split to send, or null (with the errors shown) when they do not add up. */
  const splitToSend = (amount: number, currency: string) => {
    // An edit whose people are not known here (offline) keeps its payer and, at the same amount, its parts.
    if (editing?.paidBy && editing.shares && !people)
      return amount === editing.amount
        ? {
            paidBy: editing.paidBy,
            split: {
              mode: 'exact' as const,
              parts: editing.shares.map((s) => ({ participantId: s.participantId, value: s.amount })),
            },
          }
        : { paidBy: editing.paidBy };
    const { errors, ...request } = splitRequest(split, amount, currency);
    setSplitErrors(errors);
    if (Object.keys(errors).length === 0) return request;
    // The first person's field in error, else the split's own controls.
    const first = Object.keys(errors).find((k) => k.startsWith('parts.'));
    const inputs = formRef.current?.querySelectorAll<HTMLInputElement>('fieldset ul input');
    (first ? inputs?.[Number(first.slice(6))] : inputs?.[0])?.focus();
    return null;
  };

  /** The request the form's values make: minor units, null for what is left empty, the manual rate only when used. */
  const toRequest = (form: FormState) => ({
    tripId,
    title: form.title,
    amount: toMinorUnits(form.amount) ?? Number.NaN,
    currency: form.currency as ExpenseCurrency,
    categoryId: form.categoryId ? Number(form.categoryId) : null,
    date: form.date,
    notes: form.notes.trim() || null,
    paymentMethod: (form.paymentMethod || null) as PaymentMethod | null,
    location: form.location.trim() || null,
    isReimbursable: form.isReimbursable,
    exchangeRate: form.manualRate && form.currency !== baseCurrency ? Number(form.rate) : null,
  });
  const checkBody = schemaValidator(
    expenseBody,
    toRequest,
    { exchangeRate: 'Enter a rate above 0' },
    { exchangeRate: 'rate' },
  );

  const form = useAppForm({
    defaultValues: defaults,
    onSubmitMeta: { allowOutsideTrip: false },
    validators: {
      // The spec's alert first; then what the server would say of the request, on its fields.
      onSubmit: ({ value }) => (missingRequired(value) ? 'Please fill in all required fields' : checkBody({ value })),
    },
    onSubmit: async ({ value, meta: { allowOutsideTrip } }) => {
      // An edit that keeps its date keeps the confirmation it was saved with.
      const outsideTrip = value.date < tripDates.startDate || value.date > tripDates.endDate;
      if (outsideTrip && !allowOutsideTrip && value.date !== editing?.date) {
        setConfirming(value.date);
        return;
      }
      setConfirming(null);
      const request = toRequest(value);
      const shared = splitToSend(request.amount, request.currency);
      if (!shared) return;
      const body = { ...request, ...shared, ...(allowOutsideTrip ? { allowOutsideTrip } : {}) };
      const send = () => (editing ? update.submit({ ...body, id: editing.id }) : create.submit(body));
      const title = editing ? 'Could not update the expense' : 'Could not add the expense';
      const sent = await sendForm(form, send, { toast: toast.toast, title, fieldOf: { exchangeRate: 'rate' } });
      if (!sent.ok) return;
      const { queued } = sent.value;
      if (queued) {
        toast.toast({
          title: editing ? 'Expense updated' : 'Expense added',
          description: 'Saved on this device: it is sent when the connection is back.',
          tone: 'success',
        });
        close();
        return;
      }
      await Promise.all([
        queryClient.invalidateQueries(trpc.expenses.pathFilter()),
        queryClient.invalidateQueries(trpc.budget.summary.pathFilter()),
        queryClient.invalidateQueries(trpc.balances.balances.pathFilter()),
        queryClient.invalidateQueries(trpc.balances.spending.pathFilter()),
      ]);
      toast.toast({ title: editing ? 'Expense updated' : 'Expense added', tone: 'success' });
      close();
    },
  });

  const restart = (values: FormState) => {
    setDefaults(values);
    form.reset(values);
  };
  useEffect(() => {
    if (!open) return;
    const values = editing ? formFrom(editing) : emptyForm(baseCurrency);
    setDefaults(values);
    form.reset(values);
  }, [open, editing, baseCurrency, form]);
  const peopleLoaded = people !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the split restarts when the dialog opens and once its people load, not each time they refetch
  useEffect(() => {
    if (open) setSplit(splitOf(editing));
  }, [open, editing, peopleLoaded]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const close = () => {
    restart(emptyForm(baseCurrency));
    setSplit(defaultSplit);
    setConfirming(null);
    onClose();
  };

  const currency = useStore(form.store, (state) => state.values.currency);
  const typedAmount = useStore(form.store, (state) => toMinorUnits(state.values.amount) ?? Number.NaN);
  const manualRate = useStore(form.store, (state) => state.values.manualRate);
  const alert = useStore(form.store, (state) =>
    typeof state.errorMap.onSubmit === 'string' ? state.errorMap.onSubmit : null,
  );
  const sameCurrency = currency === baseCurrency;
  const referenceRate = rates?.[currency] ? 1 / rates[currency]! : undefined;
  const keepsFrozenRate = editing !== null && editing.currency === currency && !manualRate;
  const shownRate = keepsFrozenRate ? editing.exchangeRate : referenceRate;

  return (
    <Dialog open={open} onClose={close} title={editing ? 'Edit Expense' : 'Add Expense'} size="md">
      <form
        ref={formRef}
        onSubmit={submitWith(form)}
        noValidate
        className="space-y-4"
        aria-label={editing ? 'Edit expense' : 'Add expense'}
      >
        <FormError message={alert} />
        <form.AppField name="title">{(field) => <field.TextField label="Description" maxLength={200} />}</form.AppField>
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="amount">
            {(field) => <field.NumberField label="Amount" step="0.01" hint="Below 0 for a refund" />}
          </form.AppField>
          <form.AppField name="currency">
            {(field) => (
              <field.SelectField label="Currency">
                {expenseCurrencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
        </div>
        {!sameCurrency ? (
          <div className="rounded-lg bg-canvas p-3 text-sm">
            <p className="text-ink">
              {shownRate
                ? `1 ${currency} = ${shownRate.toFixed(4)} ${baseCurrency}`
                : `No reference rate for ${currency}`}
              {keepsFrozenRate ? ' (the rate saved with this expense)' : ratesDate ? ` (rates as of ${ratesDate})` : ''}
            </p>
            <form.AppField name="manualRate">
              {(field) => (
                <field.CheckboxField
                  label="Use my own rate (e.g. my card's rate with fees)"
                  className="mt-2 flex min-h-11 items-center gap-2 text-ink"
                />
              )}
            </form.AppField>
            {manualRate ? (
              <form.AppField name="rate">
                {(field) => <field.NumberField label={`${baseCurrency} per 1 ${currency}`} step="0.0001" min="0" />}
              </form.AppField>
            ) : null}
          </div>
        ) : null}
        <SplitFields
          people={people}
          meId={me ? `user:${me.id}` : undefined}
          state={split}
          onChange={setSplit}
          errors={splitErrors}
          amount={typedAmount}
          currency={currency}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <form.AppField name="date" listeners={{ onChange: () => setConfirming(null) }}>
            {(field) => <field.DateField label="Date" />}
          </form.AppField>
          <form.AppField name="categoryId">
            {(field) => (
              <field.SelectField label="Category" optional>
                <option value="">No category</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
          <form.AppField name="paymentMethod">
            {(field) => (
              <field.SelectField label="Payment Method" optional>
                <option value="">Not specified</option>
                {paymentMethods.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
          <form.AppField name="location">
            {(field) => <field.TextField label="Location" optional maxLength={200} />}
          </form.AppField>
        </div>
        <form.AppField name="notes">{(field) => <field.NotesField />}</form.AppField>
        <form.AppField name="isReimbursable">{(field) => <field.CheckboxField label="Reimbursable" />}</form.AppField>
        {confirming ? (
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>
              {formatDate(confirming)} is outside this trip ({formatDateRange(tripDates.startDate, tripDates.endDate)}).
              Save the expense on that date anyway?
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                ref={confirmRef}
                size="sm"
                onClick={() => void form.handleSubmit({ allowOutsideTrip: true })}
                disabled={pending}
              >
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
        <form.AppForm>
          <form.DialogButtons onCancel={close} busyLabel="Saving…" label={editing ? 'Save Changes' : 'Add Expense'} />
        </form.AppForm>
      </form>
    </Dialog>
  );
}
