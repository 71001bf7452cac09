import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf } from '../../../../components/api-errors';
import { localToday } from '../../../../components/availability/availability-labels';
import { SelectInput, TextArea, TextInput } from '../../../../components/form-controls';
import { formatDate, formatDateRange } from '../../../../lib/format';
import { useTRPC } from '../../../../lib/trpc';
import { defaultProposalDates, parseWholeDollars, splitLines, type ClientTripRequest, type Proposal } from './proposal-model';

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
  const [title, setTitle] = useState('');
  const [destination, setDestination] = useState(fromRequest?.destination ?? '');
  const [description, setDescription] = useState(fromRequest?.notes ?? '');
  const [startDate, setStartDate] = useState(fromRequest?.startDate ?? defaults.startDate);
  const [endDate, setEndDate] = useState(fromRequest?.endDate ?? defaults.endDate);
  const [expiryDate, setExpiryDate] = useState(defaults.expiryDate);
  const [budget, setBudget] = useState(fromRequest ? String(fromRequest.budget) : '');
  const [imageUrl, setImageUrl] = useState('');
  const [highlights, setHighlights] = useState('');
  const [inclusions, setInclusions] = useState('');
  const [exclusions, setExclusions] = useState('');
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
    if (window) {
      setStartDate(window.startDate);
      setEndDate(window.endDate);
    }
  };
  const chooseOccasion = (id: string) => {
    setOccasionId(id);
    const occasion = occasions.data?.find((o) => o.id === id);
    if (occasion) setTitle(`${occasion.title} Trip`);
  };
  const chooseRequest = (id: string) => {
    setTripRequestId(id);
    const request = openRequests.find((r) => r.id === id);
    if (request) {
      setDestination(request.destination);
      setStartDate(request.startDate);
      setEndDate(request.endDate);
      setBudget(String(request.budget));
      if (request.notes) setDescription(request.notes);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!clientId) missing['clientId'] = 'Choose the client';
    if (!title.trim()) missing['title'] = 'Enter a title';
    if (!destination.trim()) missing['destination'] = 'Enter a destination';
    setErrors(missing);
    if (!startDate || !endDate || !expiryDate) {
      setAlert('Please select all required dates');
      return;
    }
    setAlert(null);
    if (Object.keys(missing).length > 0) return;
    create.mutate({
      clientId,
      title,
      destination,
      description: description || null,
      startDate,
      endDate,
      expiryDate,
      budget: parseWholeDollars(budget),
      imageUrl: imageUrl || null,
      highlights: splitLines(highlights),
      inclusions: splitLines(inclusions),
      exclusions: splitLines(exclusions),
      availabilityId: availabilityId || null,
      occasionId: occasionId || null,
      tripRequestId: tripRequestId || null,
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create New Proposal">
      {alert ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {alert}
        </p>
      ) : null}
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors['title']} maxLength={120} />
        <TextInput label="Destination" value={destination} onChange={(e) => setDestination(e.target.value)} error={errors['destination']} maxLength={120} />
      </div>
      <TextArea label="Description" optional value={description} onChange={(e) => setDescription(e.target.value)} maxLength={4000} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput label="Start Date" type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} error={errors['startDate']} />
        <TextInput label="End Date" type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} error={errors['endDate']} />
        <TextInput label="Expiry Date" type="date" value={expiryDate} onChange={(e) => setExpiryDate(e.target.value)} error={errors['expiryDate']} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Budget (USD)" inputMode="numeric" value={budget} onChange={(e) => setBudget(e.target.value)} error={errors['budget']} placeholder="0" />
        <TextInput label="Image URL" optional value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} error={errors['imageUrl']} placeholder="/images/kyoto.svg" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextArea label="Highlights" optional hint="One per line" value={highlights} onChange={(e) => setHighlights(e.target.value)} />
        <TextArea label="Inclusions" optional hint="One per line" value={inclusions} onChange={(e) => setInclusions(e.target.value)} />
        <TextArea label="Exclusions" optional hint="One per line" value={exclusions} onChange={(e) => setExclusions(e.target.value)} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create Proposal'}
        </Button>
      </div>
    </form>
  );
}
