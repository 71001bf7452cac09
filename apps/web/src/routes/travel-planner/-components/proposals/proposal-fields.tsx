import { useStore, type AnyFormApi } from '@tanstack/react-form';
import type { ZodType } from 'zod';
import { localToday } from '~/components/availability/availability-labels';
import { schemaValidator, withFieldGroup } from '~/components/form';
import { parseWholeDollars, splitLines } from './proposal-model';

/** What Create New Proposal and Edit Proposal Details share: the proposal's own fields, as typed. */
export interface ProposalFieldValues {
  title: string;
  destination: string;
  description: string;
  startDate: string;
  endDate: string;
  expiryDate: string;
  budget: string;
  imageUrl: string;
  highlights: string;
  inclusions: string;
  exclusions: string;
}

export const emptyProposalFields: ProposalFieldValues = {
  title: '',
  destination: '',
  description: '',
  startDate: '',
  endDate: '',
  expiryDate: '',
  budget: '',
  imageUrl: '',
  highlights: '',
  inclusions: '',
  exclusions: '',
};

/** Each proposal field bound to the form field of the same name (Create and Edit keep them flat). */
export const proposalFieldNames = {
  title: 'title',
  destination: 'destination',
  description: 'description',
  startDate: 'startDate',
  endDate: 'endDate',
  expiryDate: 'expiryDate',
  budget: 'budget',
  imageUrl: 'imageUrl',
  highlights: 'highlights',
  inclusions: 'inclusions',
  exclusions: 'exclusions',
} as const;

const requiredDates = ['startDate', 'endDate', 'expiryDate'] as const;

/**
 * The form-level validator of Create New Proposal and Edit Proposal Details: the request checked
 * with the schema the server takes (a missing title or destination in the form's words, 'Choose
 * the client'), an expiry date before today on its field (as the server refuses it; an unchanged
 * one, `keptExpiry`, is left to the submission), and the spec's alert when a date is missing
 * (shown above the form, in place of the missing dates' own messages).
 */
export function proposalValidator<Values extends ProposalFieldValues, Request extends object>(
  schema: ZodType,
  toRequest: (values: Values) => Request,
  { keptExpiry, whenBlank = {} }: { keptExpiry?: string; whenBlank?: Partial<Record<keyof Request & string, string>> } = {},
) {
  const checkRequest = schemaValidator(schema, toRequest, { title: 'Enter a title', destination: 'Enter a destination', ...whenBlank } as Partial<Record<keyof Request & string, string>>);
  return ({ value }: { value: Values }) => {
    const fields: Record<string, string> = { ...checkRequest({ value })?.fields };
    const missingDate = requiredDates.some((name) => !value[name]);
    for (const name of requiredDates) if (!value[name]) delete fields[name];
    if (value.expiryDate && value.expiryDate !== keptExpiry && value.expiryDate < localToday()) fields['expiryDate'] ??= 'The expiry date cannot be before today';
    const form = missingDate ? 'Please select all required dates' : undefined;
    return form || Object.keys(fields).length > 0 ? { form, fields } : undefined;
  };
}

/** The values as the API takes them: whole dollars, one list entry per line. */
export function proposalFieldsPayload(values: ProposalFieldValues) {
  return {
    title: values.title,
    destination: values.destination,
    description: values.description,
    startDate: values.startDate,
    endDate: values.endDate,
    expiryDate: values.expiryDate,
    budget: parseWholeDollars(values.budget),
    imageUrl: values.imageUrl,
    highlights: splitLines(values.highlights),
    inclusions: splitLines(values.inclusions),
    exclusions: splitLines(values.exclusions),
  };
}

/** The form's alert (a missing date), above the fields. */
export function ProposalFieldsAlert({ form }: { form: { store: AnyFormApi['store'] } }) {
  const alert = useStore(form.store, (state) => (typeof state.errorMap.onSubmit === 'string' ? state.errorMap.onSubmit : null));
  return alert ? (
    <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
      {alert}
    </p>
  ) : null;
}

/** Title, destination, description, the three dates, budget, image and the three lists. */
export const ProposalFields = withFieldGroup({
  defaultValues: emptyProposalFields,
  render: function Render({ group }) {
    return (
      <>
        <div className="grid gap-4 sm:grid-cols-2">
          <group.AppField name="title">{(field) => <field.TextField label="Title" maxLength={120} />}</group.AppField>
          <group.AppField name="destination">{(field) => <field.TextField label="Destination" maxLength={120} />}</group.AppField>
        </div>
        <group.AppField name="description">{(field) => <field.TextAreaField label="Description" optional maxLength={4000} />}</group.AppField>
        <div className="grid gap-4 sm:grid-cols-3">
          <group.AppField name="startDate">{(field) => <field.DateField label="Start Date" />}</group.AppField>
          <group.AppField name="endDate">{(field) => <field.DateField label="End Date" />}</group.AppField>
          <group.AppField name="expiryDate">{(field) => <field.DateField label="Expiry Date" />}</group.AppField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <group.AppField name="budget">{(field) => <field.TextField label="Budget (USD)" inputMode="numeric" placeholder="0" />}</group.AppField>
          <group.AppField name="imageUrl">{(field) => <field.TextField label="Image URL" optional placeholder="/images/kyoto.svg" />}</group.AppField>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <group.AppField name="highlights">{(field) => <field.TextAreaField label="Highlights" optional hint="One per line" />}</group.AppField>
          <group.AppField name="inclusions">{(field) => <field.TextAreaField label="Inclusions" optional hint="One per line" />}</group.AppField>
          <group.AppField name="exclusions">{(field) => <field.TextAreaField label="Exclusions" optional hint="One per line" />}</group.AppField>
        </div>
      </>
    );
  },
});
