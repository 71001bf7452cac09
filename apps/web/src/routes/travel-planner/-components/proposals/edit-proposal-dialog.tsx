import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf } from '../../../../components/api-errors';
import { TextArea, TextInput } from '../../../../components/form-controls';
import { useTRPC } from '../../../../lib/trpc';
import { parseWholeDollars, splitLines, type Proposal } from './proposal-model';

/** Edit Proposal Details: a draft's title, destination, dates, money and lists. */
export function EditProposalDialog({ proposal, open, onClose }: { proposal: Proposal; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit Proposal Details" size="lg">
      {open ? <EditProposalForm proposal={proposal} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditProposalForm({ proposal, onDone }: { proposal: Proposal; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [title, setTitle] = useState(proposal.title);
  const [destination, setDestination] = useState(proposal.destination);
  const [description, setDescription] = useState(proposal.description ?? '');
  const [startDate, setStartDate] = useState(proposal.startDate);
  const [endDate, setEndDate] = useState(proposal.endDate);
  const [expiryDate, setExpiryDate] = useState(proposal.expiryDate);
  const [budget, setBudget] = useState(String(proposal.budget));
  const [imageUrl, setImageUrl] = useState(proposal.imageUrl ?? '');
  const [highlights, setHighlights] = useState(proposal.details.highlights.join('\n'));
  const [inclusions, setInclusions] = useState(proposal.details.inclusions.join('\n'));
  const [exclusions, setExclusions] = useState(proposal.details.exclusions.join('\n'));
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useMutation(
    trpc.proposals.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.proposals.pathFilter());
        toast.toast({ title: 'Proposal updated', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.toast({ title: 'Could not save the proposal', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!title.trim()) missing['title'] = 'Enter a title';
    if (!destination.trim()) missing['destination'] = 'Enter a destination';
    setErrors(missing);
    if (!startDate || !endDate || !expiryDate) {
      setAlert('Please select all required dates');
      return;
    }
    setAlert(null);
    if (Object.keys(missing).length > 0) return;
    update.mutate({
      id: proposal.id,
      title,
      destination,
      description,
      startDate,
      endDate,
      expiryDate,
      budget: parseWholeDollars(budget),
      imageUrl,
      highlights: splitLines(highlights),
      inclusions: splitLines(inclusions),
      exclusions: splitLines(exclusions),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Edit Proposal Details">
      {alert ? (
        <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
          {alert}
        </p>
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
        <TextInput label="Budget (USD)" inputMode="numeric" value={budget} onChange={(e) => setBudget(e.target.value)} error={errors['budget']} />
        <TextInput label="Image URL" optional value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} error={errors['imageUrl']} />
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
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
