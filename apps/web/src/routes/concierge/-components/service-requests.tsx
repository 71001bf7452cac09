import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { useToast } from '@naav/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { useQueuedWrite, useWaitingWrites } from '../../../lib/use-queued-writes';
import { WaitingToSync } from '../../../components/waiting-to-sync';
import { SelectInput, TextArea, TextInput } from '../../../components/form-controls';
import { pollMs } from './concierge-hours';
import { RequestCard, RequestList } from './request-card';
import { requestTypes, type RequestType } from './request-types';

type ServiceRequest = RouterOutputs['concierge']['requests'][number];

const emptyForm = { title: '', type: 'general' as RequestType, date: '', notes: '' };

export function ServiceRequests() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Agents move requests along; the list asks for news every few seconds.
  const requests = useQuery(trpc.concierge.requests.queryOptions(undefined, { refetchInterval: pollMs }));
  const [form, setForm] = useState(emptyForm);
  // A queued write: without a network the request waits on this device and is filed when the network is back.
  const create = useQueuedWrite('concierge.createRequest', {
    onQueued: () => {
      setForm(emptyForm);
      toast({ title: 'Your request has been submitted successfully!', description: 'Saved on this device: it is sent when the connection is back.', tone: 'success' });
    },
    onSuccess: () => {
      setForm(emptyForm);
      void queryClient.invalidateQueries(trpc.concierge.requests.pathFilter());
      toast({ title: 'Your request has been submitted successfully!', tone: 'success' });
    },
    onError: (error) => toast({ title: 'The request could not be submitted', description: error.message, tone: 'destructive' }),
  });
  const waiting = useWaitingWrites('concierge.createRequest');
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
