import { TextArea, TextInput } from '../../../../components/form-controls';
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

/**
 * The fields' problems before anything is sent: a missing title or destination by name, an
 * expiry date before today (as the server refuses it; an unchanged one, `keptExpiry`, is
 * left to the submission), and the spec's alert when a date is missing (`datesAlert`, shown
 * above the form).
 */
export function checkProposalFields(
  values: ProposalFieldValues,
  { today, keptExpiry }: { today: string; keptExpiry?: string },
): { errors: Record<string, string>; datesAlert: string | null } {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors['title'] = 'Enter a title';
  if (!values.destination.trim()) errors['destination'] = 'Enter a destination';
  if (values.expiryDate && values.expiryDate !== keptExpiry && values.expiryDate < today) errors['expiryDate'] = 'The expiry date cannot be before today';
  const datesAlert = !values.startDate || !values.endDate || !values.expiryDate ? 'Please select all required dates' : null;
  return { errors, datesAlert };
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

export function ProposalFieldsAlert({ alert }: { alert: string | null }) {
  return alert ? (
    <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
      {alert}
    </p>
  ) : null;
}

/** Title, destination, description, the three dates, budget, image and the three lists. */
export function ProposalFields({
  values,
  onChange,
  errors,
}: {
  values: ProposalFieldValues;
  onChange: (patch: Partial<ProposalFieldValues>) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Title" value={values.title} onChange={(e) => onChange({ title: e.target.value })} error={errors['title']} maxLength={120} />
        <TextInput
          label="Destination"
          value={values.destination}
          onChange={(e) => onChange({ destination: e.target.value })}
          error={errors['destination']}
          maxLength={120}
        />
      </div>
      <TextArea label="Description" optional value={values.description} onChange={(e) => onChange({ description: e.target.value })} maxLength={4000} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput label="Start Date" type="date" value={values.startDate} onChange={(e) => onChange({ startDate: e.target.value })} error={errors['startDate']} />
        <TextInput label="End Date" type="date" value={values.endDate} onChange={(e) => onChange({ endDate: e.target.value })} error={errors['endDate']} />
        <TextInput label="Expiry Date" type="date" value={values.expiryDate} onChange={(e) => onChange({ expiryDate: e.target.value })} error={errors['expiryDate']} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          label="Budget (USD)"
          inputMode="numeric"
          value={values.budget}
          onChange={(e) => onChange({ budget: e.target.value })}
          error={errors['budget']}
          placeholder="0"
        />
        <TextInput
          label="Image URL"
          optional
          value={values.imageUrl}
          onChange={(e) => onChange({ imageUrl: e.target.value })}
          error={errors['imageUrl']}
          placeholder="/images/kyoto.svg"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextArea label="Highlights" optional hint="One per line" value={values.highlights} onChange={(e) => onChange({ highlights: e.target.value })} />
        <TextArea label="Inclusions" optional hint="One per line" value={values.inclusions} onChange={(e) => onChange({ inclusions: e.target.value })} />
        <TextArea label="Exclusions" optional hint="One per line" value={values.exclusions} onChange={(e) => onChange({ exclusions: e.target.value })} />
      </div>
    </>
  );
}
