import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createWebhookInput, webhookEventTypes } from '@naav/schemas/webhooks';
import { useToast } from '@naav/ui/toast';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { sendForm, schemaValidator, submitWith, useAppForm } from './form';

type Created = RouterOutputs['webhooks']['create'];
const eventChoices = {
  '*': 'Every event',
  'proposal.*': 'Every proposal event',
  'trip.*': 'Every trip event',
  ...Object.fromEntries(webhookEventTypes.map((type) => [type, type])),
};
type Values = { url: string; events: string };
const toRequest = (values: Values) => ({ url: values.url.trim(), events: [values.events] });

/** A new webhook endpoint: its address and the events it gets. */
export function WebhookForm({ onCreated, onCancel }: { onCreated: (webhook: Created) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const create = useMutation(trpc.webhooks.create.mutationOptions());
  const form = useAppForm({
    defaultValues: { url: '', events: '*' } as Values,
    validators: { onSubmit: schemaValidator(createWebhookInput, toRequest, { url: 'Enter the address' }) },
    onSubmit: async ({ value }) => {
      const sent = await sendForm(form, () => create.mutateAsync(toRequest(value)), {
        toast,
        title: 'Could not add the webhook',
      });
      if (!sent.ok) return;
      await queryClient.invalidateQueries(trpc.webhooks.pathFilter());
      onCreated(sent.value);
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)} className="space-y-4" aria-label="New webhook">
      <form.AppField name="url">
        {(field) => <field.TextField label="Address" type="url" placeholder="https://hooks.example.org/naav" />}
      </form.AppField>
      <form.AppField name="events">
        {(field) => <field.SelectField label="Events" options={eventChoices} />}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onCancel} label="Add webhook" busyLabel="Adding…" />
      </form.AppForm>
    </form>
  );
}
