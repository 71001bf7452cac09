import { Button } from '@naav/ui/button';
import { SelectInput, TextInput } from '~/components/form-controls';
import { amountStep, formatMoney, toMinorUnits } from '~/lib/money';
import { partsFor, splitModes, type SplitMode, type SplitState } from './split-model';

interface Person {
  id: string;
  name: string;
}

/**
 * Paid by and split between. Folded to one line while it is the default (the person adding it
 * paid, equal among everyone), so that default takes no taps; Change opens the fields.
 */
export function SplitFields({
  people,
  meId,
  state,
  onChange,
  errors,
  amount,
  currency,
}: {
  /** The trip's participants; undefined while they load (or could not be loaded). */
  people: readonly Person[] | undefined;
  meId: string | undefined;
  state: SplitState;
  onChange: (state: SplitState) => void;
  /** `parts` (the whole split) and `parts.<i>` (one person's value). */
  errors: Record<string, string>;
  /** The expense's amount in minor units (NaN while not a number). */
  amount: number;
  currency: string;
}) {
  const nameOf = (id: string) => (id === meId ? 'you' : (people?.find((p) => p.id === id)?.name ?? 'someone'));
  const payer = state.paidBy || meId || '';
  if (state.parts.length === 0 || !people) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-canvas p-3 text-sm">
        <p className="text-ink" data-testid="split-summary">
          Paid by {nameOf(payer)}, split equally among everyone
        </p>
        <Button
          size="sm"
          variant="secondary"
          disabled={!people}
          onClick={() => people && onChange({ ...state, paidBy: payer, parts: partsFor('equal', people, 0, currency) })}
        >
          {people ? 'Change' : 'Loading people…'}
        </Button>
      </div>
    );
  }
  const setMode = (mode: SplitMode) =>
    onChange({ ...state, mode, parts: partsFor(mode, people, Number.isFinite(amount) ? amount : 0, currency) });
  const setPart = (i: number, change: { included?: boolean; value?: string }) =>
    onChange({ ...state, parts: state.parts.map((p, j) => (j === i ? { ...p, ...change } : p)) });
  const typedTotal = state.parts.reduce((sum, p) => sum + (toMinorUnits(p.value) ?? 0), 0);
  const percentTotal = state.parts.reduce((sum, p) => sum + (Number(p.value) || 0), 0);

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-ink">Who paid and who shares</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectInput label="Paid by" value={payer} onChange={(e) => onChange({ ...state, paidBy: e.target.value })}>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id === meId ? `${p.name} (you)` : p.name}
            </option>
          ))}
        </SelectInput>
        <SelectInput label="Split" value={state.mode} onChange={(e) => setMode(e.target.value as SplitMode)}>
          {Object.entries(splitModes).map(([mode, label]) => (
            <option key={mode} value={mode}>
              {label}
            </option>
          ))}
        </SelectInput>
      </div>
      <ul className="space-y-1" aria-label="Split between">
        {state.parts.map((part, i) => {
          const name = people.find((p) => p.id === part.participantId)?.name ?? 'Someone';
          return (
            <li key={part.participantId}>
              {state.mode === 'equal' ? (
                <label className="flex min-h-11 items-center gap-2 text-sm text-ink">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={part.included}
                    onChange={(e) => setPart(i, { included: e.target.checked })}
                  />
                  {name}
                </label>
              ) : (
                <TextInput
                  label={`${name}: ${state.mode === 'shares' ? 'shares' : state.mode === 'percent' ? '%' : currency}`}
                  type="number"
                  inputMode="decimal"
                  step={state.mode === 'exact' ? amountStep(currency) : state.mode === 'percent' ? '0.01' : '1'}
                  min="0"
                  value={part.value}
                  onChange={(e) => setPart(i, { value: e.target.value })}
                  error={errors[`parts.${i}`]}
                />
              )}
            </li>
          );
        })}
      </ul>
      {state.mode === 'exact' ? (
        <p className="text-sm text-muted">
          {formatMoney(typedTotal, currency)} of {Number.isFinite(amount) ? formatMoney(amount, currency) : '—'}
        </p>
      ) : state.mode === 'percent' ? (
        <p className="text-sm text-muted">{Math.round(percentTotal * 100) / 100}% of 100%</p>
      ) : null}
      {errors.parts ? (
        <p role="alert" className="text-sm text-danger-600">
          {errors.parts}
        </p>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => onChange({ ...state, mode: 'equal', parts: [] })}>
        Back to equal among everyone
      </Button>
    </fieldset>
  );
}
