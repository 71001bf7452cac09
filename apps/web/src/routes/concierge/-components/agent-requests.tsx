import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { assignInput, notesInput } from '@naav/schemas/concierge';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RouterOutputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { SelectInput } from '~/components/form-controls';
import { applyServerErrors, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { RequestCard, RequestList } from './request-card';
import type { RequestStatus } from './request-status-badge';

type AgentRequest = RouterOutputs['concierge']['allRequests'][number];
type Agent = RouterOutputs['concierge']['agents'][number];

const statusFilters: { value: RequestStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'completed', label: 'Completed' },
];

/** The one step forward each status allows. */
const nextStep: Record<RequestStatus, { status: RequestStatus; label: string } | null> = {
  pending: { status: 'in_progress', label: 'Start Work' },
  in_progress: { status: 'completed', label: 'Mark Completed' },
  completed: null,
};

export function AgentRequests() {
  const trpc = useTRPC();
  const [status, setStatus] = useState<RequestStatus | 'all'>('all');
  const requests = useQuery(
    trpc.concierge.allRequests.queryOptions(status === 'all' ? {} : { status }),
  );
  const agents = useQuery(trpc.concierge.agents.queryOptions());
  return (
    <section aria-labelledby="all-requests">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="all-requests" className="text-lg font-semibold text-ink">
          Travellers' Service Requests
        </h2>
        <SelectInput label="Status" value={status} onChange={(e) => setStatus(e.target.value as RequestStatus | 'all')} className="w-48">
          {statusFilters.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectInput>
      </div>
      <div className="mt-4">
        <RequestList requests={requests} what="the requests">
          {(r) => <AgentRequestItem key={r.id} request={r} agents={agents.data ?? []} />}
        </RequestList>
      </div>
    </section>
  );
}

function AgentRequestItem({ request, agents }: { request: AgentRequest; agents: Agent[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const refresh = () => void queryClient.invalidateQueries(trpc.concierge.allRequests.pathFilter());
  const onError = (error: { message: string }) => toast({ title: 'The request was not changed', description: error.message, tone: 'destructive' });
  const assign = useMutation(trpc.concierge.assignRequest.mutationOptions({ onSuccess: refresh }));
  const move = useMutation(trpc.concierge.setRequestStatus.mutationOptions({ onSuccess: refresh, onError }));
  const saveNotes = useMutation(trpc.concierge.setRequestNotes.mutationOptions());

  // Until the agent picks one, the request's assignee or else the first agent is the choice.
  const assigneeOf = (values: { assigneeId: string }) => ({ id: request.id, assigneeId: values.assigneeId || agents[0]?.id || '' });
  const assignment = useAppForm({
    defaultValues: { assigneeId: request.assigneeId ?? '' },
    validators: { onSubmit: schemaValidator(assignInput, assigneeOf) },
    onSubmit: async ({ value }) => {
      try {
        await assign.mutateAsync(assigneeOf(value));
      } catch (error) {
        applyServerErrors(assignment, error);
        onError(error as Error);
      }
    },
  });
  const chosen = useStore(assignment.store, (state) => state.values.assigneeId) || agents[0]?.id || '';

  const toNotes = (values: { notes: string }) => ({ id: request.id, notes: values.notes });
  const notesForm = useAppForm({
    defaultValues: { notes: request.agentNotes ?? '' },
    validators: { onSubmit: schemaValidator(notesInput, toNotes) },
    onSubmit: async ({ value }) => {
      try {
        await saveNotes.mutateAsync(toNotes(value));
      } catch (error) {
        applyServerErrors(notesForm, error);
        onError(error as Error);
        return;
      }
      refresh();
      toast({ title: 'Notes saved', tone: 'success' });
    },
  });

  const step = nextStep[request.status];
  return (
    <RequestCard request={request} askedBy={request.traveller.name}>
      {request.notes ? <p className="mt-2 text-sm text-ink">Traveller's notes: {request.notes}</p> : null}
      <p className="mt-1 text-sm text-muted">{request.assignee ? `Assigned to ${request.assignee}` : 'Not assigned yet'}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <form
          onSubmit={submitWith(assignment)}
          noValidate
          className="flex flex-wrap items-end gap-3"
        >
          <assignment.AppField name="assigneeId">
            {(field) => (
              <field.SelectField label="Assignee" className="w-56">
                {agents.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </field.SelectField>
            )}
          </assignment.AppField>
          <Button type="submit" variant="secondary" disabled={!chosen || assign.isPending}>
            Assign
          </Button>
        </form>
        {step ? (
          <Button disabled={move.isPending} onClick={() => move.mutate({ id: request.id, status: step.status })}>
            {step.label}
          </Button>
        ) : null}
      </div>
      <form
        className="mt-3"
        onSubmit={submitWith(notesForm)}
        noValidate
      >
        <notesForm.AppField name="notes">{(field) => <field.TextAreaField label="Notes for the traveller" rows={2} maxLength={2000} />}</notesForm.AppField>
        <Button type="submit" variant="secondary" size="sm" className="mt-2" disabled={saveNotes.isPending}>
          Save Notes
        </Button>
      </form>
    </RequestCard>
  );
}
