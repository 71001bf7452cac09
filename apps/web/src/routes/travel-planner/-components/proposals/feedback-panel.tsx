import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFeedbackInput } from '@naav/schemas/proposals';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { EmptyState } from '@naav/ui/empty-state';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { formatDate } from '~/lib/format';
import { useTRPC } from '~/lib/trpc';
import type { Proposal, ProposalFeedback } from './proposal-model';
import { QueryState } from '~/components/query-state';

export const ratingLabels: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };

/** The five ratings, best first, as a Rating select's options. */
export const ratingOptions = [5, 4, 3, 2, 1].map((r) => (
  <option key={r} value={r}>
    {r} – {ratingLabels[r]}
  </option>
));

/** Feedback on a proposal: the client comments while deciding; the agent marks comments addressed. */
export function FeedbackPanel({ proposal, role }: { proposal: Proposal; role: 'client' | 'agent' }) {
  const trpc = useTRPC();
  const feedback = useQuery(trpc.proposals.feedback.queryOptions({ id: proposal.id }));
  const canComment = role === 'client' && (proposal.status === 'submitted' || proposal.status === 'reviewing');
  return (
    <div className="space-y-4">
      {canComment ? <FeedbackForm proposal={proposal} /> : null}
      <QueryState query={feedback} loading={{ text: 'Loading feedback...', rows: 2 }} error={{ what: 'the feedback' }} empty={<EmptyState titleAs="p" title="No feedback yet" description={role === 'agent' ? 'Comments from the client appear here.' : undefined} />}>
        {(data) => (
          <ul className="space-y-3">
          {data.map((f) => (
            <FeedbackRow key={f.id} feedback={f} canAddress={role === 'agent'} />
          ))}
        </ul>
        )}
      </QueryState>
    </div>
  );
}

function FeedbackRow({ feedback, canAddress }: { feedback: ProposalFeedback; canAddress: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const address = useMutation(
    trpc.proposals.addressFeedback.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.proposals.pathFilter());
        toast.toast({ title: 'Feedback addressed', tone: 'success' });
      },
      onError: (error) => toast.toast({ title: 'Could not update the feedback', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-ink">{feedback.authorName}</span>
        <span className="text-muted">{formatDate(feedback.createdAt.slice(0, 10))}</span>
        <span className="text-muted">· Version {feedback.version}</span>
        {feedback.rating ? (
          <span className="text-ink">
            <span aria-hidden="true">
              {'★'.repeat(feedback.rating)}
              <span className="text-slate-400">{'★'.repeat(5 - feedback.rating)}</span>
            </span>
            <span className="sr-only">Rating {feedback.rating} of 5</span>
          </span>
        ) : null}
        {feedback.requestedRevisions ? <Badge tone="warning">Revisions requested</Badge> : null}
        <Badge tone={feedback.status === 'pending' ? 'info' : 'success'}>{feedback.status === 'pending' ? 'Pending' : 'Addressed'}</Badge>
      </div>
      {feedback.itemReference ? <p className="mt-1 text-sm text-muted">About: {feedback.itemReference}</p> : null}
      <p className="mt-2 whitespace-pre-line text-ink">{feedback.comment}</p>
      {canAddress && feedback.status === 'pending' ? (
        <Button variant="secondary" size="sm" className="mt-2" disabled={address.isPending} onClick={() => address.mutate({ id: feedback.id })}>
          Mark as Addressed
        </Button>
      ) : null}
    </li>
  );
}

/** What the feedback form holds: the rating as its select's text. */
const emptyFeedback = { comment: '', rating: '5', itemReference: '' };
type FeedbackValues = typeof emptyFeedback;

/** Comment (required; whitespace only is ignored), a rating 1–5 (default 5) and optionally the item it is about. */
export function FeedbackForm({ proposal }: { proposal: Proposal }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const items = useQuery(trpc.proposals.items.queryOptions({ id: proposal.id }));
  const add = useMutation(trpc.proposals.addFeedback.mutationOptions());
  const toRequest = (values: FeedbackValues) => ({ id: proposal.id, comment: values.comment.trim(), rating: Number(values.rating), itemReference: values.itemReference || null });
  const checkFeedback = schemaValidator(createFeedbackInput, toRequest);
  const form = useAppForm({
    defaultValues: emptyFeedback,
    validators: {
      // A whitespace-only comment is ignored (the spec): no error, nothing sent.
      onSubmit: ({ value }) => (value.comment.trim() ? checkFeedback({ value }) : undefined),
    },
    onSubmit: async ({ value }) => {
      if (!value.comment.trim()) return;
      if (!(await sendForm(form, () => add.mutateAsync(toRequest(value)), { toast: toast.toast, title: 'Could not send your feedback' })).ok) return;
      await queryClient.invalidateQueries(trpc.proposals.pathFilter());
      toast.toast({ title: 'Feedback sent', description: 'Your travel consultant will see it.', tone: 'success' });
      form.reset();
    },
  });
  return (
    <form
      onSubmit={submitWith(form)}
      noValidate
      className="space-y-3 rounded-lg bg-canvas p-3"
      aria-label="Leave feedback"
    >
      <form.AppField name="comment">{(field) => <field.TextAreaField label="Your feedback" maxLength={2000} />}</form.AppField>
      <div className="grid gap-3 sm:grid-cols-2">
        <form.AppField name="rating">
          {(field) => (
            <field.SelectField label="Rating">{ratingOptions}</field.SelectField>
          )}
        </form.AppField>
        <form.AppField name="itemReference">
          {(field) => (
            <field.SelectField label="About an item" optional>
              <option value="">The whole proposal</option>
              {items.data?.map((i) => (
                <option key={i.id} value={i.title}>
                  Day {i.day}: {i.title}
                </option>
              ))}
            </field.SelectField>
          )}
        </form.AppField>
      </div>
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(sending) => (
          <Button type="submit" size="sm" disabled={sending}>
            {sending ? 'Sending…' : 'Send Feedback'}
          </Button>
        )}
      </form.Subscribe>
    </form>
  );
}
