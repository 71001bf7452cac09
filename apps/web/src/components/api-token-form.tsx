import { useStore } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addDays } from 'date-fns';
import {
  createTokenInput,
  defaultScopes,
  scopeDomainLabels,
  scopeDomains,
  type ApiScope,
  type CreateTokenInput,
  type ScopeDomain,
} from '@naav/schemas/tokens';
import { useToast } from '@naav/ui/toast';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { sendForm, schemaValidator, submitWith, useAppForm } from './form';
import { FormError } from './form-controls';

export type CreatedToken = RouterOutputs['tokens']['create'];
type Access = 'none' | 'read' | 'write';
type Values = { name: string; expiry: string } & Record<ScopeDomain, Access>;

const accessOptions: Record<Access, string> = { none: 'No access', read: 'Read', write: 'Read and change' };
const expiryOptions = { '30': 'In 30 days', '90': 'In 90 days', '365': 'In a year', never: 'Never' } as const;

const defaults = (): Values => ({
  name: '',
  expiry: '90',
  ...(Object.fromEntries(scopeDomains.map((d) => [d, defaultScopes.includes(`${d}:read`) ? 'read' : 'none'])) as Record<
    ScopeDomain,
    Access
  >),
});

const toRequest = (values: Values): CreateTokenInput => ({
  name: values.name.trim(),
  scopes: scopeDomains.flatMap((d) => (values[d] === 'none' ? [] : [`${d}:${values[d]}` as ApiScope])),
  ...(values.expiry === 'never' ? {} : { expiresAt: addDays(new Date(), Number(values.expiry)).toISOString() }),
});

const checkName = schemaValidator(createTokenInput, toRequest, { name: 'Enter a name' });

/** The new-token form: a name, what it may read or change per part of Naav, and when it expires. */
export function ApiTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (token: CreatedToken) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const create = useMutation(trpc.tokens.create.mutationOptions());
  const form = useAppForm({
    defaultValues: defaults(),
    validators: {
      onSubmit: ({ value }) =>
        toRequest(value).scopes.length === 0 ? 'Choose what the token may read or change' : checkName({ value }),
    },
    onSubmit: async ({ value }) => {
      const sent = await sendForm(form, () => create.mutateAsync(toRequest(value)), {
        toast,
        title: 'Could not make the token',
      });
      if (!sent.ok) return;
      await queryClient.invalidateQueries(trpc.tokens.pathFilter());
      onCreated(sent.value);
    },
  });
  const alert = useStore(form.store, (state) =>
    typeof state.errorMap.onSubmit === 'string' ? state.errorMap.onSubmit : null,
  );

  return (
    <form noValidate onSubmit={submitWith(form)} className="space-y-4" aria-label="New API token">
      <FormError message={alert} />
      <form.AppField name="name">
        {(field) => <field.TextField label="Name" maxLength={80} placeholder="e.g. Spreadsheet sync" />}
      </form.AppField>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-ink">What it may do</legend>
        {scopeDomains.map((domain) => (
          <form.AppField key={domain} name={domain}>
            {(field) => (
              <field.SelectField
                label={`${domain[0]!.toUpperCase()}${domain.slice(1)}: ${scopeDomainLabels[domain]}`}
                options={accessOptions}
              />
            )}
          </form.AppField>
        ))}
      </fieldset>
      <form.AppField name="expiry">
        {(field) => <field.SelectField label="Expires" options={expiryOptions} />}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onCancel} label="Make token" busyLabel="Making…" />
      </form.AppForm>
    </form>
  );
}
