import { Button } from '@naav/ui/button';
import {
  useId,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const controlClasses =
  'mt-1 block w-full min-h-11 rounded-lg border bg-surface px-3 py-2 text-ink shadow-sm ' +
  'focus:border-brand-600 focus:outline-2 focus:outline-brand-600 ' +
  'aria-invalid:border-danger-600 disabled:bg-canvas disabled:text-muted';

const borderFor = (error?: string) => (error ? 'border-danger-600' : 'border-slate-300');

type FieldProps = {
  label: string;
  /** Shown under the control and linked to it, so screen readers read it with the field. */
  error?: string;
  hint?: ReactNode;
  /** Marks the label "(optional)" so required is the default reading. */
  optional?: boolean;
  className?: string;
};

/** What every control gets from its field: its id, its error state and description, its look. */
type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/** A label, a control and its error message, wired together by ids. */
function Field({
  label,
  error,
  hint,
  optional,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: `${controlClasses} ${borderFor(error)}`,
      })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A control's props split into its field's (label, error, hint…) and the element's own. */
function splitField<P extends FieldProps>({ label, error, hint, optional, className, ...control }: P) {
  return [{ label, error, hint, optional, className }, control] as const;
}

export function TextInput(props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  const [field, input] = splitField(props);
  return <Field {...field}>{(control) => <input {...control} {...input} />}</Field>;
}

export function SelectInput(props: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>) {
  const [field, { children, ...select }] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}

export function TextArea(props: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const [field, textarea] = splitField(props);
  return <Field {...field}>{(control) => <textarea rows={3} {...control} {...textarea} />}</Field>;
}

/** Moves focus to the first control a form marked invalid, after React has rendered the messages. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * A dialog form's Cancel and submit buttons (submit first on phones, stacked); the submit
 * reads `busyLabel` while the request runs. They stay at the bottom of the dialog while its
 * fields scroll, so the main button is never cut off by a short screen: flush with the
 * dialog's edge (the body's padding below them, -bottom-4, would let the fields show through
 * under them). Spans both columns of a two-column form.
 */
export function FormButtons({
  onCancel,
  busy,
  disabled = false,
  label,
  busyLabel,
}: {
  onCancel: () => void;
  busy: boolean /** Not available now (offline): greyed out without the busy label. */;
  disabled?: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="sticky -bottom-4 z-10 -mx-4 -mb-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-canvas px-4 py-3 sm:col-span-2 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

/** A form's error after a failed request (or a check across fields), read out when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
      {message}
    </p>
  );
}

/** A select of IANA time zones ("America/New York"), with an optional first choice for none (`emptyLabel`). */
export function TimeZoneSelect({
  zones,
  emptyLabel,
  ...props
}: { zones: readonly string[]; emptyLabel?: string } & ComponentProps<typeof SelectInput>) {
  return (
    <SelectInput {...props}>
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </SelectInput>
  );
}

/**
 * A radio button or checkbox drawn as its label (a pill, a tile, a star): the input is read out
 * and focused, what `children` draw is what shows (`className` styles it by `has-checked:`).
 */
export function ChoiceTile({
  className,
  children,
  ...input
}: { className: string; children: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'children'>) {
  return (
    <label className={className}>
      <input {...input} className="sr-only" />
      {children}
    </label>
  );
}
