import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { SelectInput, TextArea, TextInput } from '../../../components/form-controls';
import { RequestCard, RequestList } from './request-card';
import { requestTypes, type RequestType } from './request-types';

type ServiceRequest = RouterOutputs['concierge']['requests'][number];

const emptyForm = { title: '', type: 'general' as RequestType, date: '', notes: '' };

export function ServiceRequests() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Agents move requests along; the list asks for news every few seconds.
  const requests = useQuery(trpc.concierge.requests.queryOptions());
  const [form, setForm] = useState(emptyForm);
  const create = useMutation(
    trpc.concierge.createRequest.mutationOptions({
      onSuccess: () => {
        setForm(emptyForm);
        void queryClient.invalidateQueries(trpc.concierge.requests.pathFilter());
        toast({ title: 'Your request has been submitted successfully!', tone: 'success' });
      },
      onError: (error) => toast({ title: 'The request could not be submitted', description: error.message, tone: 'destructive' }),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ title: form.title, type: form.type, date: form.date || null, notes: form.notes });
  };

  return (
    <div className="space-y-6">
      <Card as="section" aria-labelledby="new-request" className="p-5">
        <h2 id="new-request" className="text-lg font-semibold text-ink">
          New Service Request
        </h2>
        <form onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextInput label="Title" value={form.title} maxLength={120} onChange={(e) => setForm({ ...form, title: e.target.value })} className="sm:col-span-2" />
          <SelectInput label="Type" value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value as RequestType })}>
            {requestTypes.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </SelectInput>
          <TextInput label="Date" type="date" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} />
          <TextArea label="Notes" rows={3} value={form.notes} maxLength={2000} onChange={(e) => setForm({ ...form, notes: e.target.value })} className="sm:col-span-2" />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              Submit Request
            </Button>
          </div>
        </form>
      </Card>

      <section aria-labelledby="previous-requests">
        <h2 id="previous-requests" className="text-lg font-semibold text-ink">
          Previous Requests
        </h2>
        <div className="mt-3">
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
