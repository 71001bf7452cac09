import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createRequestInput } from '@naav/schemas/concierge';
import type { RouterOutputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { showSubmitError, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { useQueuedWrite, useWaitingWrites } from '~/lib/use-queued-writes';
import { WaitingToSync } from '~/components/waiting-to-sync';
import { RequestCard, RequestList } from './request-card';
import { requestTypes, type RequestType } from './request-types';

type ServiceRequest = RouterOutputs['concierge']['requests'][number];

const emptyForm = { title: '', type: 'general' as RequestType, date: '', notes: '' };
type FormValues = typeof emptyForm;

/** The request the form's values make: a date left empty is none. */
const toRequest = (values: FormValues) => ({ title: values.title, type: values.type, date: values.date || null, notes: values.notes });

export function ServiceRequests() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Agents move requests along; the live stream refreshes the list when they do.
  const requests = useQuery(trpc.concierge.requests.queryOptions());
  // A queued write: without a network the request waits on this device and is filed when the network is back.
  const create = useQueuedWrite('concierge.createRequest');
  const waiting = useWaitingWrites('concierge.createRequest');
  const form = useAppForm({
    defaultValues: emptyForm,
    validators: { onSubmit: schemaValidator(createRequestInput, toRequest) },
    onSubmit: async ({ value }) => {
      let queued: boolean;
      try {
        queued = (await create.submit(toRequest(value))).queued;
      } catch (error) {
        showSubmitError(form, error, { toast, title: 'The request could not be submitted', description: error instanceof Error ? error.message : undefined });
        return;
      }
      form.reset();
      if (!queued) void queryClient.invalidateQueries(trpc.concierge.requests.pathFilter());
      toast({
        title: 'Your request has been submitted successfully!',
        description: queued ? 'Saved on this device: it is sent when the connection is back.' : undefined,
        tone: 'success',
      });
    },
  });

  return (
    <div className="space-y-6">
      <Card as="section" aria-labelledby="new-request" className="p-5">
        <h2 id="new-request" className="text-lg font-semibold text-ink">
          New Service Request
        </h2>
        <form
          onSubmit={submitWith(form)}
          noValidate
          className="mt-3 grid gap-4 sm:grid-cols-2"
        >
          <form.AppField name="title">{(field) => <field.TextField label="Title" maxLength={120} className="sm:col-span-2" />}</form.AppField>
          <form.AppField name="type">
            {(field) => (
              <field.SelectField label="Type">
                {requestTypes.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
          <form.AppField name="date">{(field) => <field.DateField label="Date" />}</form.AppField>
          <form.AppField name="notes">{(field) => <field.TextAreaField label="Notes" rows={3} maxLength={2000} className="sm:col-span-2" />}</form.AppField>
          <div className="sm:col-span-2">
            <form.AppForm>
              <form.SubmitButton label="Submit Request" busyLabel="Submit Request" />
            </form.AppForm>
          </div>
        </form>
      </Card>

      <section aria-labelledby="previous-requests">
        <h2 id="previous-requests" className="text-lg font-semibold text-ink">
          Previous Requests
        </h2>
        <div className="mt-3">
          {waiting.length > 0 ? (
            <ul aria-label="Requests waiting to sync" className="mb-3 space-y-2">
              {waiting.map(({ input, idempotencyKey }) => (
                <li key={idempotencyKey} className="flex flex-wrap items-center gap-2 rounded-xl border border-dashed border-slate-300 p-3">
                  <span className="font-medium text-ink">{input.title}</span>
                  <WaitingToSync />
                </li>
              ))}
            </ul>
          ) : null}
          <RequestList requests={requests} what="your requests">
            {(r) => <RequestItem key={r.id} request={r} />}
          </RequestList>
        </div>
      </section>
    </div>
  );
}

function RequestItem({ request }: { request: ServiceRequest }) {
  return (
    <RequestCard request={request}>
      <p className="mt-2 text-sm text-ink">{request.assignee ? `Assigned to ${request.assignee}` : 'Not assigned yet'}</p>
      {request.notes ? <p className="mt-1 text-sm text-muted">Your notes: {request.notes}</p> : null}
      {request.agentNotes ? <p className="mt-1 text-sm text-ink">Concierge notes: {request.agentNotes}</p> : null}
    </RequestCard>
  );
}
