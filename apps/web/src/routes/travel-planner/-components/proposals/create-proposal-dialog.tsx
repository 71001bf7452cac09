import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf } from '../../../../components/api-errors';
import { localToday } from '../../../../components/availability/availability-labels';
import { FormButtons, SelectInput } from '../../../../components/form-controls';
import { formatDate, formatDateRange } from '../../../../lib/format';
import { useTRPC } from '../../../../lib/trpc';
import {
  checkProposalFields,
  emptyProposalFields,
  ProposalFields,
  ProposalFieldsAlert,
  proposalFieldsPayload,
  type ProposalFieldValues,
} from './proposal-fields';
import { defaultProposalDates, type ClientTripRequest, type Proposal } from './proposal-model';

/**
 * The Create New Proposal dialog. Choosing one of the client's availability windows prefills the
 * dates, an occasion the title, a trip request the destination, dates, budget and notes.
 */
export function CreateProposalDialog({
  open,
  onClose,
  onCreated,
  fromRequest = null,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (p: Proposal) => void;
  /** Start from this trip request (its client, destination, dates, budget and notes). */
  fromRequest?: ClientTripRequest | null;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Create New Proposal" size="lg">
      {open ? <CreateProposalForm onDone={onClose} onCreated={onCreated} fromRequest={fromRequest} /> : null}
    </Dialog>
  );
}

function CreateProposalForm({
  onDone,
  onCreated,
  fromRequest,
}: {
  onDone: () => void;
  onCreated: (p: Proposal) => void;
  fromRequest: ClientTripRequest | null;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const defaults = defaultProposalDates(localToday());
  const [clientId, setClientId] = useState(fromRequest?.clientId ?? '');
  const [values, setValues] = useState<ProposalFieldValues>({
    ...emptyProposalFields,
    destination: fromRequest?.destination ?? '',
    description: fromRequest?.notes ?? '',
    startDate: fromRequest?.startDate ?? defaults.startDate,
    endDate: fromRequest?.endDate ?? defaults.endDate,
    expiryDate: defaults.expiryDate,
    budget: fromRequest ? String(fromRequest.budget) : '',
  });
  const set = (patch: Partial<ProposalFieldValues>) => setValues((v) => ({ ...v, ...patch }));
  const [availabilityId, setAvailabilityId] = useState('');
  const [occasionId, setOccasionId] = useState('');
  const [tripRequestId, setTripRequestId] = useState(fromRequest?.id ?? '');
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const clients = useQuery(trpc.clients.list.queryOptions());
  const filter = { clientId: clientId || undefined };
  const windows = useQuery({ ...trpc.clients.availability.queryOptions(filter), enabled: clientId !== '' });
  const occasions = useQuery({ ...trpc.clients.occasions.queryOptions(filter), enabled: clientId !== '' });
  const requests = useQuery({ ...trpc.tripRequests.ofClients.queryOptions(filter), enabled: clientId !== '' });
  const today = localToday();
  const upcomingWindows = (windows.data ?? []).filter((w) => w.endDate >= today);
  const openRequests = (requests.data ?? []).filter((r) => r.status === 'requested');

  const create = useMutation(
    trpc.proposals.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries(trpc.proposals.pathFilter());
        toast.toast({ title: 'Proposal created', description: `${created.title} is a draft: add its itinerary, then submit it.`, tone: 'success' });
        onCreated(created);
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Could not create the proposal', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );

  const chooseClient = (id: string) => {
    setClientId(id);
    setAvailabilityId('');
    setOccasionId('');
    setTripRequestId('');
  };
  const chooseWindow = (id: string) => {
    setAvailabilityId(id);
    const window = upcomingWindows.find((w) => w.id === id);
    if (window) set({ startDate: window.startDate, endDate: window.endDate });
  };
  const chooseOccasion = (id: string) => {
    setOccasionId(id);
    const occasion = occasions.data?.find((o) => o.id === id);
    if (occasion) set({ title: `${occasion.title} Trip` });
  };
  const chooseRequest = (id: string) => {
    setTripRequestId(id);
    const request = openRequests.find((r) => r.id === id);
    if (request) {
      set({ destination: request.destination, startDate: request.startDate, endDate: request.endDate, budget: String(request.budget) });
      if (request.notes) set({ description: request.notes });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkProposalFields(values, { today });
    if (!clientId) check.errors['clientId'] = 'Choose the client';
    setErrors(check.errors);
    setAlert(check.datesAlert);
    if (check.datesAlert || Object.keys(check.errors).length > 0) return;
    const fields = proposalFieldsPayload(values);
    create.mutate({
      ...fields,
      clientId,
      description: fields.description || null,
      imageUrl: fields.imageUrl || null,
      availabilityId: availabilityId || null,
      occasionId: occasionId || null,
      tripRequestId: tripRequestId || null,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create New Proposal">
      <ProposalFieldsAlert alert={alert} />
      <SelectInput label="Client" value={clientId} onChange={(e) => chooseClient(e.target.value)} error={errors['clientId']}>
        <option value="">{clients.isPending ? 'Loading clients…' : 'Choose a client'}</option>
        {clients.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.email})
          </option>
        ))}
      </SelectInput>
      {clientId ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectInput label="Availability window" optional value={availabilityId} onChange={(e) => chooseWindow(e.target.value)}>
            <option value="">{upcomingWindows.length === 0 ? 'No upcoming windows' : 'None'}</option>
            {upcomingWindows.map((w) => (
              <option key={w.id} value={w.id}>
                {formatDateRange(w.startDate, w.endDate)}
              </option>
            ))}
          </SelectInput>
          <SelectInput label="Special occasion" optional value={occasionId} onChange={(e) => chooseOccasion(e.target.value)}>
            <option value="">{(occasions.data ?? []).length === 0 ? 'No occasions' : 'None'}</option>
            {occasions.data?.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title} · {formatDate(o.nextDate ?? o.date)}
              </option>
            ))}
          </SelectInput>
          <SelectInput label="Trip request" optional value={tripRequestId} onChange={(e) => chooseRequest(e.target.value)}>
            <option value="">{openRequests.length === 0 ? 'No open requests' : 'None'}</option>
            {openRequests.map((r) => (
              <option key={r.id} value={r.id}>
                {r.destination} · {formatDateRange(r.startDate, r.endDate)}
              </option>
            ))}
          </SelectInput>
        </div>
      ) : null}
      <ProposalFields values={values} onChange={set} errors={errors} />
      <FormButtons onCancel={onDone} busy={create.isPending} label="Create Proposal" busyLabel="Creating…" />
    </form>
  );
}
