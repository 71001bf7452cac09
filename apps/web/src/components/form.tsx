/**
 * The app's forms: @tanstack/react-form with the fields drawn as form-controls draws them.
 *
 *   const form = useAppForm({
 *     defaultValues,
 *     validators: { onSubmit: schemaValidator(createThingInput, toRequest, { title: 'Enter a title' }) },
 *     onSubmit: async ({ value }) => {
 *       if (!(await sendForm(form, () => create.mutateAsync(toRequest(value)), { toast, title: 'Could not save' })).ok) return;
 *       onDone();
 *     },
 *   });
 *   <form.AppField name="title">{(field) => <field.TextField label="Title" />}</form.AppField>
 *   <form.AppForm><form.SubmitButton label="Save" busyLabel="Saving…" /></form.AppForm>
 *
 * Only screens with a form import this module, so the library loads with them, not with the app's entry.
 */
import { createFormHook, createFormHookContexts, type AnyFieldMeta, type AnyFormApi } from '@tanstack/react-form';
import { Button, type ButtonSize } from '@naav/ui/button';
import {
  useId,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { ZodType } from 'zod';
import type { ToastApi } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf, schemaErrors } from './api-errors';
import { FormButtons, SelectInput, TextArea, TextInput, focusFirstInvalid } from './form-controls';

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** A field's first error, whichever check found it (the schema before sending, the server after). */
export function firstError(meta: Pick<AnyFieldMeta, 'errors'>): string | undefined {
  for (const error of meta.errors) {
    if (typeof error === 'string' && error) return error;
    if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
      return error.message;
  }
  return undefined;
}

type Labelled = { label: string; hint?: ReactNode; optional?: boolean; className?: string };
type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'value' | 'onChange' | 'onBlur' | 'name' | 'type'
>;

function useBoundField<T>() {
  const field = useFieldContext<T>();
  return { field, error: firstError(field.state.meta) };
}

/**
 * Text, email, password, date, time…: a string field. `normalize` rewrites what is typed as it
 * is typed (digits only for a code), so the field never holds what it cannot take.
 */
function TextField({
  type = 'text',
  normalize,
  ...props
}: Labelled &
  InputProps & { type?: InputHTMLAttributes<HTMLInputElement>['type']; normalize?: (typed: string) => string }) {
  const { field, error } = useBoundField<string>();
  return (
    <TextInput
      {...props}
      type={type}
      name={field.name}
      value={field.state.value}
      onChange={(e) => field.handleChange(normalize ? normalize(e.target.value) : e.target.value)}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

/** A number typed in, kept as the text typed ("19.99") so the form can read it as it means (minor units, a rate). */
function NumberField(props: Labelled & InputProps) {
  return <TextField inputMode="decimal" {...props} type="number" />;
}

function DateField(props: Labelled & InputProps) {
  return <TextField {...props} type="date" />;
}

/** A choice: `options` maps each value to its label (after any options given as children, such as "None"). */
function SelectField({
  children,
  options = {},
  ...props
}: Labelled & { options?: Readonly<Record<string, string>> } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'className' | 'value' | 'onChange' | 'onBlur' | 'name'
  >) {
  const { field, error } = useBoundField<string>();
  return (
    <SelectInput
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(e) => field.handleChange(e.target.value)}
      onBlur={field.handleBlur}
      error={error}
    >
      {children}
      {Object.entries(options).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </SelectInput>
  );
}

function TextAreaField(
  props: Labelled &
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'value' | 'onChange' | 'onBlur' | 'name'>,
) {
  const { field, error } = useBoundField<string>();
  return (
    <TextArea
      {...props}
      name={field.name}
      value={field.state.value}
      onChange={(e) => field.handleChange(e.target.value)}
      onBlur={field.handleBlur}
      error={error}
    />
  );
}

/** "Notes (optional)": the free text most records carry, up to the 2,000 characters the API keeps. */
function NotesField({ className }: { className?: string }) {
  return <TextAreaField label="Notes" optional className={className} maxLength={2000} />;
}

/** A checkbox with its label beside it; its error (rare: a box that must be ticked) under it. */
function CheckboxField({
  label,
  className = 'flex min-h-11 items-center gap-2 text-sm text-ink',
}: {
  label: ReactNode;
  className?: string;
}) {
  const { field, error } = useBoundField<boolean>();
  const errorId = `${useId()}-error`;
  return (
    <div>
      <label className={className}>
        <input
          type="checkbox"
          className="size-4"
          name={field.name}
          checked={field.state.value}
          onChange={(e) => field.handleChange(e.target.checked)}
          onBlur={field.handleBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {label}
      </label>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The submit button alone (a full-width page form); it reads `busyLabel` while the form submits. */
function SubmitButton({
  label,
  busyLabel,
  busy = false,
  disabled = false,
  size,
  className,
}: {
  label: string;
  busyLabel: string;
  busy?: boolean /** Not available now (offline), without the busy label. */;
  disabled?: boolean;
  size?: ButtonSize;
  className?: string;
}) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(submitting) => (
        <Button type="submit" size={size} className={className} disabled={submitting || busy || disabled}>
          {submitting || busy ? busyLabel : label}
        </Button>
      )}
    </form.Subscribe>
  );
}

/** A dialog's Cancel and submit buttons (form-controls' FormButtons), busy while the form submits. */
function DialogButtons({
  onCancel,
  label,
  busyLabel,
  busy = false,
  disabled = false,
}: {
  onCancel: () => void;
  label: string;
  busyLabel: string;
  busy?: boolean /** Not available now (offline), without the busy label. */;
  disabled?: boolean;
}) {
  const form = useFormContext();
  return (
    <form.Subscribe selector={(state) => state.isSubmitting}>
      {(submitting) => (
        <FormButtons
          onCancel={onCancel}
          busy={submitting || busy}
          disabled={disabled}
          label={label}
          busyLabel={busyLabel}
        />
      )}
    </form.Subscribe>
  );
}

/**
 * `withFieldGroup` draws fields several forms share (a proposal's own fields in Create and Edit)
 * with the same field components, bound to a form through a map of its field names.
 */
/**
 * A `<form noValidate>`'s onSubmit: the library checks and submits the values (the browser's own
 * checks are off, so the schema's messages show under the fields).
 */
export const submitWith =
  (form: Pick<AnyFormApi, 'handleSubmit'>) =>
  (event: FormEvent): void => {
    event.preventDefault();
    void form.handleSubmit();
  };

export const { useAppForm, withForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, NumberField, DateField, SelectField, TextAreaField, NotesField, CheckboxField },
  formComponents: { SubmitButton, DialogButtons },
});

/**
 * A form-level validator that checks the values with the schema the server checks the request
 * with (from @naav/schemas), so the form says before sending what the server would answer.
 * `toRequest` turns the form's values (text as typed) into the request; `whenBlank` gives the
 * form's own words for a field the person left blank ("Enter a title"); `fieldOf` names the form field a
 * request field is typed into when the names differ (`exchangeRate` → `rate`).
 * Use it as `validators: { onSubmit: schemaValidator(...) }`.
 */
export function schemaValidator<Values extends object, Request extends object>(
  schema: ZodType,
  toRequest: (values: Values) => Request,
  whenBlank: Partial<Record<keyof Request & string, string>> = {},
  fieldOf: Partial<Record<keyof Request & string, keyof Values & string>> = {},
) {
  return ({ value }: { value: Values }) => {
    const errors = schemaErrors(schema, toRequest(value)) as Partial<Record<string, string>>;
    const blankMessages: Partial<Record<string, string>> = whenBlank;
    const typedInto: Partial<Record<string, string>> = fieldOf;
    const fields: Record<string, string> = {};
    for (const [name, message] of Object.entries(errors)) {
      const field = typedInto[name] ?? name;
      // Blank is what the person left in the field, whatever the request makes of it (null, 0).
      const typed = (value as Record<string, unknown>)[field];
      const blank = typed === undefined || typed === null || (typeof typed === 'string' && typed.trim() === '');
      if (message) fields[field] ??= (blank && blankMessages[name]) || message;
    }
    return Object.keys(fields).length ? { fields } : undefined;
  };
}

function onFormFields(errors: Partial<Record<string, string>>, fieldOf: Partial<Record<string, string>>) {
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors)) if (message) fields[fieldOf[name] ?? name] ??= message;
  return fields;
}

/** What applyServerErrors needs of a form (any useAppForm form has it). */
type FormWithErrors = Pick<AnyFormApi, 'setErrorMap'>;

/**
 * Puts a failed request's 400 `issues` on the fields they name, for the rules only the server
 * knows (a date outside the trip, a taken name); each clears once the traveller edits the form.
 * Answers whether any field got one. `fieldOf` as in schemaValidator.
 */
export function applyServerErrors(
  form: FormWithErrors,
  error: unknown,
  fieldOf: Partial<Record<string, string>> = {},
): boolean {
  const fields = onFormFields(fieldErrorsOf(error), fieldOf);
  form.setErrorMap({ onServer: { fields } });
  return Object.keys(fields).length > 0;
}

type SubmitErrorReport = {
  toast: ToastApi['toast'];
  title: string;
  description?: string | undefined;
  fieldOf?: Partial<Record<string, string>>;
  focusIn?: HTMLFormElement | null;
  quietWhenOnFields?: boolean;
};

/**
 * What a form does when its request failed: the 400's issues go under the fields they name
 * (applyServerErrors), the first invalid field of `focusIn` takes focus, and a toast tells the
 * rest: `title`, and `description` (the server's message unless one is given, even undefined). With `quietWhenOnFields`
 * the toast is left out when the fields already say what went wrong.
 */
export function showSubmitError(form: FormWithErrors, error: unknown, options: SubmitErrorReport): void {
  const { toast, title, fieldOf, focusIn, quietWhenOnFields = false } = options;
  const description = 'description' in options ? options.description : errorMessage(error);
  const onFields = applyServerErrors(form, error, fieldOf);
  if (focusIn !== undefined && (onFields || !quietWhenOnFields)) focusFirstInvalid(focusIn);
  if (!(onFields && quietWhenOnFields)) toast({ title, description, tone: 'destructive' });
}

/**
 * A form's onSubmit sends its request through this: the answer when it went through, or, when it
 * failed, the failure reported as showSubmitError does and `ok: false`, so the form stops there.
 *
 *   const sent = await sendForm(form, () => create.mutateAsync(toRequest(value)), { toast, title: 'Could not save the trip' });
 *   if (!sent.ok) return;
 */
export async function sendForm<T>(
  form: FormWithErrors,
  send: () => Promise<T>,
  report: SubmitErrorReport,
): Promise<{ ok: true; value: T } | { ok: false }> {
  try {
    return { ok: true, value: await send() };
  } catch (error) {
    showSubmitError(form, error, report);
    return { ok: false };
  }
}

/**
 * sendForm, then what a form does when its request went through: `refetch` (the lists it changed,
 * awaited so they show the change), the success toast, then `onDone` (a dialog closes). Answers
 * whether it went through.
 *
 *   await sendAndConfirm(form, () => create.mutateAsync(value), {
 *     toast, title: 'Could not save', success: { title: 'Saved' }, onDone,
 *     refetch: () => queryClient.invalidateQueries(trpc.trips.pathFilter()),
 *   });
 */
export async function sendAndConfirm<T>(
  form: FormWithErrors,
  send: () => Promise<T>,
  {
    refetch,
    success,
    onDone,
    ...report
  }: SubmitErrorReport & {
    refetch?: () => Promise<unknown>;
    success: { title: string; description?: string };
    onDone: () => void;
  },
): Promise<boolean> {
  if (!(await sendForm(form, send, report)).ok) return false;
  await refetch?.();
  report.toast({ ...success, tone: 'success' });
  onDone();
  return true;
}
