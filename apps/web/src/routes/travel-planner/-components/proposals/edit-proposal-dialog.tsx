import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateProposalInput } from '@naav/schemas/proposals';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { sendForm, submitWith, useAppForm } from '~/components/form';
import { useTRPC } from '~/lib/trpc';
import { ProposalFields, ProposalFieldsAlert, proposalFieldNames, proposalFieldsPayload, proposalValidator, type ProposalFieldValues } from './proposal-fields';
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
  const update = useMutation(trpc.proposals.update.mutationOptions());
  // Empty description or image clears them.
  const toRequest = (values: ProposalFieldValues) => ({ id: proposal.id, ...proposalFieldsPayload(values) });
  const form = useAppForm({
    defaultValues: {
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
    } satisfies ProposalFieldValues as ProposalFieldValues,
    validators: { onSubmit: proposalValidator(updateProposalInput, toRequest, { keptExpiry: proposal.expiryDate }) },
    onSubmit: async ({ value }) => {
      if (!(await sendForm(form, () => update.mutateAsync(toRequest(value)), { toast: toast.toast, title: 'Could not save the proposal' })).ok) return;
      await queryClient.invalidateQueries(trpc.proposals.pathFilter());
      toast.toast({ title: 'Proposal updated', tone: 'success' });
      onDone();
    },
  });
  return (
    <form
      onSubmit={submitWith(form)}
      noValidate
      className="space-y-4"
      aria-label="Edit Proposal Details"
    >
      <ProposalFieldsAlert form={form} />
      <ProposalFields form={form} fields={proposalFieldNames} />
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} label="Save Changes" busyLabel="Saving…" />
      </form.AppForm>
    </form>
  );
}
