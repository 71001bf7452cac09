import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { createFeedbackInput } from '@naav/schemas/proposals';
import { Badge } from '@naav/ui/badge';
import { Button, buttonClasses } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { Dialog } from '@naav/ui/dialog';
import { Tabs } from '@naav/ui/tabs';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { localToday } from '~/components/availability/availability-labels';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { formatDate, formatDateRange } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import { DetailsPanel } from './details-panel';
import { EditProposalDialog } from './edit-proposal-dialog';
import { FeedbackPanel, ratingOptions } from './feedback-panel';
import { ItineraryPanel } from './itinerary-panel';
import { statusLabels, waitingForNewVersion, type Proposal } from './proposal-model';

/**
 * The selected proposal: its actions for who is looking, then Itinerary, Details and Feedback.
 * `canDecide` is false for an agent looking through the client view (only the client decides).
 */
export function ProposalDetail({ proposal, role, canDecide }: { proposal: Proposal; role: 'client' | 'agent'; canDecide: boolean }) {
  const editable = role === 'agent' && proposal.status === 'draft';
  const awaitingClient = proposal.status === 'submitted' || proposal.status === 'reviewing';
  const waiting = role === 'client' && proposal.revisionsRequested;
  const headingId = `proposal-detail-${proposal.id}`;
  return (
    <Card as="section" aria-labelledby={headingId} className="p-4 sm:p-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="font-display text-2xl font-semibold text-ink">
            {proposal.title}
          </h3>
          <p className="mt-1 text-muted">
            {proposal.destination} · {formatDateRange(proposal.startDate, proposal.endDate)}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            {waiting ? (
              <span className="font-medium text-amber-900">{waitingForNewVersion}</span>
            ) : (
              <Badge tone={statusLabels[proposal.status].tone}>{statusLabels[proposal.status].label}</Badge>
            )}
            {proposal.expired ? <Badge tone="danger">Expired</Badge> : null}
            {proposal.version > 0 ? <span className="text-muted">Version {proposal.version}</span> : null}
            {role === 'agent' ? <StatusNote proposal={proposal} /> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {editable ? <EditDetailsButton proposal={proposal} /> : null}
          {editable ? <SubmitButton proposal={proposal} /> : null}
          {role === 'client' && canDecide && awaitingClient ? <ClientDecision proposal={proposal} /> : null}
          {role === 'client' && proposal.status === 'approved' && proposal.tripId ? (
            <Link to="/trips/$id" params={{ id: proposal.tripId }} className={buttonClasses('primary', 'md')}>
              View Your Trip
            </Link>
          ) : null}
        </div>
      </div>
      {waiting ? <RevisionRequest proposal={proposal} /> : null}
      <Tabs
        key={proposal.id}
        className="mt-6"
        label="Proposal sections"
        tabs={[
          { key: 'itinerary', label: 'Itinerary', content: <ItineraryPanel proposal={proposal} editable={editable} /> },
          { key: 'details', label: 'Details', content: <DetailsPanel proposal={proposal} role={role} /> },
          {
            key: 'feedback',
            label: (
              <span className="inline-flex items-center gap-2">
                Feedback
                <span className="rounded-full bg-brand-50 px-2 text-xs font-semibold text-brand-800">
                  {proposal.feedbackCount}
                  <span className="sr-only"> {proposal.feedbackCount === 1 ? 'comment' : 'comments'}</span>
                </span>
              </span>
            ),
            content: <FeedbackPanel proposal={proposal} role={role} />,
          },
        ]}
      />
    </Card>
  );
}

/** What the agent knows of the client's side: viewed, decided, back for revisions. */
function StatusNote({ proposal }: { proposal: Proposal }) {
  if (proposal.status === 'draft' && proposal.version > 0) return <span className="text-amber-900">Revisions requested</span>;
  if (proposal.status === 'submitted') return <span className="text-muted">Not viewed yet</span>;
  if (proposal.viewedAt && proposal.status === 'reviewing') return <span className="text-muted">Viewed on {formatDate(proposal.viewedAt.slice(0, 10))}</span>;
  if (proposal.decidedAt) return <span className="text-muted">Decided on {formatDate(proposal.decidedAt.slice(0, 10))}</span>;
  return null;
}

/** What the client asked to change, while they wait for the next version. */
function RevisionRequest({ proposal }: { proposal: Proposal }) {
  const trpc = useTRPC();
  const feedback = useQuery(trpc.proposals.feedback.queryOptions({ id: proposal.id }));
  // Newest first: the request that sent this version back.
  const request = feedback.data?.find((f) => f.requestedRevisions && f.version === proposal.version);
  return (
    <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p>
        {proposal.agentName} is preparing version {proposal.version + 1} with your changes. Until it arrives there is nothing to decide.
      </p>
      {request ? (
        <figure className="mt-2">
          <figcaption className="font-medium">Your request of {formatDate(request.createdAt.slice(0, 10))}:</figcaption>
          <blockquote className="mt-1 whitespace-pre-line text-ink">{request.comment}</blockquote>
        </figure>
      ) : null}
    </div>
  );
}

function EditDetailsButton({ proposal }: { proposal: Proposal }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Edit Details
      </Button>
      <EditProposalDialog proposal={proposal} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function SubmitButton({ proposal }: { proposal: Proposal }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  // The server refuses it too (400 naming expiryDate); said here before anything is sent.
  const expiryPassed = proposal.expiryDate < localToday();
  const submit = useMutation(
    trpc.proposals.submit.mutationOptions({
      onSuccess: async (sent) => {
        await queryClient.invalidateQueries(trpc.proposals.pathFilter());
        await queryClient.invalidateQueries(trpc.clients.pathFilter());
        toast.toast({ title: 'Proposal submitted', description: `Version ${sent.version} was sent to ${sent.clientName}.`, tone: 'success' });
        setOpen(false);
      },
      onError: (error) => toast.toast({ title: 'Could not submit the proposal', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <>
      <Button onClick={() => setOpen(true)}>Submit to Client</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Submit Proposal to Client"
        size="sm"
        description={`${proposal.clientName} will be able to review "${proposal.title}". Once submitted, you cannot change this proposal unless the client requests revisions.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => submit.mutate({ id: proposal.id })} disabled={submit.isPending || expiryPassed}>
              {submit.isPending ? 'Submitting…' : 'Submit Proposal'}
            </Button>
          </>
        }
      >
        {expiryPassed ? (
          <p role="alert" className="text-sm text-danger-600">
            Its expiry date, {formatDate(proposal.expiryDate)}, has passed: choose a new one with Edit Details first.
          </p>
        ) : null}
      </Dialog>
    </>
  );
}

function ClientDecision({ proposal }: { proposal: Proposal }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [declining, setDeclining] = useState(false);
  const [revising, setRevising] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries(trpc.proposals.pathFilter());
    await queryClient.invalidateQueries(trpc.trips.pathFilter());
  };
  const accept = useMutation(
    trpc.proposals.accept.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.toast({ title: 'Proposal accepted', description: 'The trip is now in My Trips under Upcoming.', tone: 'success' });
      },
      onError: (error) => toast.toast({ title: 'Could not accept the proposal', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  const decline = useMutation(
    trpc.proposals.decline.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.toast({ title: 'Proposal declined', tone: 'success' });
        setDeclining(false);
      },
      onError: (error) => toast.toast({ title: 'Could not decline the proposal', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <>
      <Button onClick={() => accept.mutate({ id: proposal.id })} disabled={accept.isPending || proposal.expired}>
        {accept.isPending ? 'Accepting…' : 'Accept Proposal'}
      </Button>
      <Button variant="secondary" onClick={() => setRevising(true)}>
        Request Revisions
      </Button>
      <Button variant="ghost" onClick={() => setDeclining(true)}>
        Decline
      </Button>
      <ConfirmDialog
        open={declining}
        onClose={() => setDeclining(false)}
        title="Decline this proposal?"
        description={`"${proposal.title}" will be closed. To change something instead, use Request Revisions.`}
        confirmLabel="Decline Proposal"
        pending={decline.isPending}
        onConfirm={() => decline.mutate({ id: proposal.id })}
      />
      <RequestRevisionsDialog proposal={proposal} open={revising} onClose={() => setRevising(false)} />
    </>
  );
}

function RequestRevisionsDialog({ proposal, open, onClose }: { proposal: Proposal; open: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const request = useMutation(trpc.proposals.requestRevisions.mutationOptions());
  // No rating is chosen for the client: they may give one, or none.
  const toRequest = (values: { comment: string; rating: string }) => ({ id: proposal.id, comment: values.comment, rating: values.rating === '' ? null : Number(values.rating) });
  const form = useAppForm({
    defaultValues: { comment: '', rating: '' },
    validators: { onSubmit: schemaValidator(createFeedbackInput, toRequest, { comment: 'Tell your consultant what to change' }) },
    onSubmit: async ({ value }) => {
      if (!(await sendForm(form, () => request.mutateAsync(toRequest(value)), { toast: toast.toast, title: 'Could not request revisions' })).ok) return;
      await queryClient.invalidateQueries(trpc.proposals.pathFilter());
      toast.toast({ title: 'Revisions requested', description: 'Your travel consultant will send an updated version.', tone: 'success' });
      form.reset();
      onClose();
    },
  });
  return (
    <Dialog open={open} onClose={onClose} title="Request Revisions" description="The proposal goes back to your travel consultant with your comment." size="md">
      <form
        onSubmit={submitWith(form)}
        noValidate
        className="space-y-4"
        aria-label="Request Revisions"
      >
        <form.AppField name="comment">{(field) => <field.TextAreaField label="What should change?" maxLength={2000} />}</form.AppField>
        <form.AppField name="rating">
          {(field) => (
            <field.SelectField label="Rating" optional>
              <option value="">No rating</option>
              {ratingOptions}
            </field.SelectField>
          )}
        </form.AppField>
        <form.AppForm>
          <form.DialogButtons onCancel={onClose} busyLabel="Sending…" label="Send Request" />
        </form.AppForm>
      </form>
    </Dialog>
  );
}
