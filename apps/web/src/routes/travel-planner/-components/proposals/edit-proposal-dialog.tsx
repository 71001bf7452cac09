import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage, fieldErrorsOf } from '../../../../components/api-errors';
import { localToday } from '../../../../components/availability/availability-labels';
import { FormButtons } from '../../../../components/form-controls';
import { useTRPC } from '../../../../lib/trpc';
import { checkProposalFields, ProposalFields, ProposalFieldsAlert, proposalFieldsPayload, type ProposalFieldValues } from './proposal-fields';
import type { Proposal } from './proposal-model';

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
  const [values, setValues] = useState<ProposalFieldValues>({
    title: proposal.title,
    destination: proposal.destination,
    description: proposal.description ?? '',
    startDate: proposal.startDate,
    endDate: proposal.endDate,
    expiryDate: proposal.expiryDate,
    budget: String(proposal.budget),
    imageUrl: proposal.imageUrl ?? '',
    highlights: proposal.details.highlights.join('\n'),
    inclusions: proposal.details.inclusions.join('\n'),
    exclusions: proposal.details.exclusions.join('\n'),
  });
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
    const check = checkProposalFields(values, { today: localToday(), keptExpiry: proposal.expiryDate });
    setErrors(check.errors);
    setAlert(check.datesAlert);
    if (check.datesAlert || Object.keys(check.errors).length > 0) return;
    // Empty description or image clears them.
    update.mutate({ id: proposal.id, ...proposalFieldsPayload(values) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Edit Proposal Details">
      <ProposalFieldsAlert alert={alert} />
      <ProposalFields values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} errors={errors} />
      <FormButtons onCancel={onDone} busy={update.isPending} label="Save Changes" busyLabel="Saving…" />
    </form>
  );
}
