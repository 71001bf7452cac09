import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { ChoiceTile } from '~/components/form-controls';

// The trip planner's pill groups and number steppers.

const pillClasses =
  'inline-flex min-h-11 cursor-pointer items-center rounded-full border border-slate-300 bg-surface px-4 text-sm font-medium text-ink ' +
  'hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-600 has-checked:text-white ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600';

/** A row of choices drawn as pills (radio buttons or checkboxes), under its legend. */
function PillGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

/** One choice of a PillGroup: the input is read out and focused, the pill is what shows. */
function Pill({ label, ...input }: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  return (
    <ChoiceTile className={pillClasses} {...input}>
      {label}
    </ChoiceTile>
  );
}

/**
 * A PillGroup offering `options` (named by `labels`): one to pick (radio pills sharing `name`) when
 * `value` is a single choice, several (checkbox pills) when it is a list.
 */
export function PillChoices<K extends string>({
  legend,
  options,
  labels,
  ...choice
}: { legend: string; options: readonly K[]; labels: Record<K, string> } & (
  | { name: string; value: K; onChange: (value: K) => void }
  | { value: readonly K[]; onChange: (value: K[]) => void }
)) {
  const pick = (option: K, on: boolean) => {
    if (!('name' in choice)) {
      choice.onChange(on ? [...choice.value, option] : choice.value.filter((o) => o !== option));
    } else choice.onChange(option);
  };
  return (
    <PillGroup legend={legend}>
      {options.map((option) => (
        <Pill
          key={option}
          label={labels[option]}
          {...('name' in choice
            ? { type: 'radio', name: choice.name, value: option, checked: choice.value === option }
            : { type: 'checkbox', checked: choice.value.includes(option) })}
          onChange={(e) => pick(option, e.target.checked)}
        />
      ))}
    </PillGroup>
  );
}

export function Stepper({
  label,
  min,
  max,
  fewer,
  more,
  value,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  fewer: string;
  more: string;
  value: number;
  onChange: (n: number) => void;
}) {
  const id = useId();
  return (
    <fieldset
      aria-labelledby={id}
      className="flex min-w-0 items-center justify-between gap-3 rounded-lg border border-slate-200 py-1 pr-1 pl-3"
    >
      <span id={id} className="text-sm text-ink">
        {label}
      </span>
      <div className="flex items-center gap-1">
        <button
          type="button"
          aria-label={fewer}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
          className={stepClasses}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output
          aria-live="polite"
          aria-label={`${label}: ${value}`}
          className="w-6 text-center font-semibold text-ink tabular-nums"
        >
          {value}
        </output>
        <button
          type="button"
          aria-label={more}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
          className={stepClasses}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </fieldset>
  );
}

export const stepClasses =
  'inline-flex size-11 items-center justify-center rounded-full text-lg text-brand-700 hover:bg-brand-50 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40';
