import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useEffect, useRef } from 'react';
import { createProposalInput } from '@naav/schemas/proposals';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { localToday } from '~/components/availability/availability-labels';
import { sendForm, submitWith, useAppForm } from '~/components/form';
import { formatDate, formatDateRange } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import {
  emptyProposalFields,
  ProposalFields,
  ProposalFieldsAlert,
  proposalFieldNames,
  proposalFieldsPayload,
  proposalValidator,
  type ProposalFieldValues,
} from './proposal-fields';
import { defaultExpiryFor, defaultProposalDates, type ClientTripRequest, type Proposal } from './proposal-model';

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

interface CreateProposalValues extends ProposalFieldValues {
  clientId: string;
  availabilityId: string;
  occasionId: string;
  tripRequestId: string;
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
  const initialStart = fromRequest?.startDate ?? defaults.startDate;
  // The expiry follows the start date (a week ahead, before the trip) until the agent picks one.
  const suggestedExpiry = useRef(defaultExpiryFor(localToday(), initialStart));
  const create = useMutation(trpc.proposals.create.mutationOptions());

  /** The request the form's values make: what is left empty is none. */
  const toRequest = ({ clientId, availabilityId, occasionId, tripRequestId, ...values }: CreateProposalValues) => {
    const fields = proposalFieldsPayload(values);
    return {
      ...fields,
      clientId,
      description: fields.description || null,
      imageUrl: fields.imageUrl || null,
      availabilityId: availabilityId || null,
      occasionId: occasionId || null,
      tripRequestId: tripRequestId || null,
    };
  };
  const form = useAppForm({
    defaultValues: {
      ...emptyProposalFields,
      destination: fromRequest?.destination ?? '',
      description: fromRequest?.notes ?? '',
      startDate: initialStart,
      endDate: fromRequest?.endDate ?? defaults.endDate,
      expiryDate: suggestedExpiry.current,
      budget: fromRequest ? String(fromRequest.budget) : '',
      clientId: fromRequest?.clientId ?? '',
      availabilityId: '',
      occasionId: '',
      tripRequestId: fromRequest?.id ?? '',
    } as CreateProposalValues,
    validators: { onSubmit: proposalValidator(createProposalInput, toRequest, { whenBlank: { clientId: 'Choose the client' } }) },
    onSubmit: async ({ value }) => {
      const sent = await sendForm(form, () => create.mutateAsync(toRequest(value)), { toast: toast.toast, title: 'Could not create the proposal' });
      if (!sent.ok) return;
      const created = sent.value;
      await queryClient.invalidateQueries(trpc.proposals.pathFilter());
      toast.toast({ title: 'Proposal created', description: `${created.title} is a draft: add its itinerary, then submit it.`, tone: 'success' });
      onCreated(created);
      onDone();
    },
  });

  const clientId = useStore(form.store, (state) => state.values.clientId);
  const startDate = useStore(form.store, (state) => state.values.startDate);
  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(startDate) || form.getFieldValue('expiryDate') !== suggestedExpiry.current) return;
    suggestedExpiry.current = defaultExpiryFor(localToday(), startDate);
    form.setFieldValue('expiryDate', suggestedExpiry.current);
  }, [startDate, form]);
  const clients = useQuery(trpc.clients.list.queryOptions());
  const filter = { clientId: clientId || undefined };
  const windows = useQuery({ ...trpc.clients.availability.queryOptions(filter), enabled: clientId !== '' });
  const occasions = useQuery({ ...trpc.clients.occasions.queryOptions(filter), enabled: clientId !== '' });
  const requests = useQuery({ ...trpc.tripRequests.ofClients.queryOptions(filter), enabled: clientId !== '' });
  const today = localToday();
  const upcomingWindows = (windows.data ?? []).filter((w) => w.endDate >= today);
  const openRequests = (requests.data ?? []).filter((r) => r.status === 'requested');

  // Choosing a client starts its links over; a window, an occasion or a request prefills what it knows.
  const chooseClient = () => {
    form.setFieldValue('availabilityId', '');
    form.setFieldValue('occasionId', '');
    form.setFieldValue('tripRequestId', '');
  };
  const chooseWindow = (id: string) => {
    const window = upcomingWindows.find((w) => w.id === id);
    if (window) {
      form.setFieldValue('startDate', window.startDate);
      form.setFieldValue('endDate', window.endDate);
    }
  };
  const chooseOccasion = (id: string) => {
    const occasion = occasions.data?.find((o) => o.id === id);
    if (occasion) form.setFieldValue('title', `${occasion.title} Trip`);
  };
  const chooseRequest = (id: string) => {
    const request = openRequests.find((r) => r.id === id);
    if (request) {
      form.setFieldValue('destination', request.destination);
      form.setFieldValue('startDate', request.startDate);
      form.setFieldValue('endDate', request.endDate);
      form.setFieldValue('budget', String(request.budget));
      if (request.notes) form.setFieldValue('description', request.notes);
    }
  };

  return (
    <form
      onSubmit={submitWith(form)}
      noValidate
      className="space-y-4"
      aria-label="Create New Proposal"
    >
      <ProposalFieldsAlert form={form} />
      <form.AppField name="clientId" listeners={{ onChange: chooseClient }}>
        {(field) => (
          <field.SelectField label="Client">
            <option value="">{clients.isPending ? 'Loading clients…' : 'Choose a client'}</option>
            {clients.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.email})
              </option>
            ))}
          </field.SelectField>
        )}
      </form.AppField>
      {clientId ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <form.AppField name="availabilityId" listeners={{ onChange: ({ value }) => chooseWindow(value) }}>
            {(field) => (
              <field.SelectField label="Availability window" optional>
                <option value="">{upcomingWindows.length === 0 ? 'No upcoming windows' : 'None'}</option>
                {upcomingWindows.map((w) => (
                  <option key={w.id} value={w.id}>
                    {formatDateRange(w.startDate, w.endDate)}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
          <form.AppField name="occasionId" listeners={{ onChange: ({ value }) => chooseOccasion(value) }}>
            {(field) => (
              <field.SelectField label="Special occasion" optional>
                <option value="">{(occasions.data ?? []).length === 0 ? 'No occasions' : 'None'}</option>
                {occasions.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.title} · {formatDate(o.nextDate ?? o.date)}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
          <form.AppField name="tripRequestId" listeners={{ onChange: ({ value }) => chooseRequest(value) }}>
            {(field) => (
              <field.SelectField label="Trip request" optional>
                <option value="">{openRequests.length === 0 ? 'No open requests' : 'None'}</option>
                {openRequests.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.destination} · {formatDateRange(r.startDate, r.endDate)}
                  </option>
                ))}
              </field.SelectField>
            )}
          </form.AppField>
        </div>
      ) : null}
      <ProposalFields form={form} fields={proposalFieldNames} />
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} label="Create Proposal" busyLabel="Creating…" />
      </form.AppForm>
    </form>
  );
}
