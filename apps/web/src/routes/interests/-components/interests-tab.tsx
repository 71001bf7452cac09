import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { EmptyState } from '@naav/ui/empty-state';
import { LazyConfirmDialog as ConfirmDialog } from '~/components/lazy-dialogs';
import { lazyDialog, preloadOnIntent } from '~/components/lazy-dialog';
import { Icon } from '~/components/icon';
import { useTRPC } from '~/lib/trpc';
import { CategoryIcon } from './category-icon';
import type { Interest, InterestCategory } from './interest-dialog';
import { categoryColor, profileCompletion, PROFILE_TARGET } from './interest-rules';
import { StarRating } from './star-priority';
import { RowButton } from '~/components/row-button';
import { useDeleteOutcome } from '~/components/use-delete-outcome';

// The interest's form (and the form library) loads when Add or Edit is first pointed at, focused or pressed.
const InterestDialog = lazyDialog(() => import('./interest-dialog').then((m) => m.InterestDialog));
const preloadDialogs = preloadOnIntent(InterestDialog, ConfirmDialog);

/** Interest cards grouped by category, the profile summary, the completion bar and how we use it all. */
export function InterestsTab({
  interests,
  wishlistCount,
  categories,
}: {
  interests: Interest[];
  wishlistCount: number;
  categories: InterestCategory[];
}) {
  const trpc = useTRPC();
  const outcome = useDeleteOutcome();
  const [dialog, setDialog] = useState<{ interest: Interest | null } | null>(null);
  const [target, setTarget] = useState<Interest | null>(null);
  const remove = useMutation(
    trpc.interests.delete.mutationOptions(
      outcome({
        refetch: [trpc.interests.pathFilter(), trpc.inspirations.pathFilter()],
        deleted: 'Interest removed',
        failed: { title: 'Error', description: 'Failed to delete interest. Please try again.' },
        close: () => setTarget(null),
      }),
    ),
  );

  const completion = profileCompletion(interests.length, wishlistCount);
  const groups = categories
    .map((category) => ({ category, items: interests.filter((i) => i.categoryId === category.id) }))
    .filter((g) => g.items.length > 0);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0" {...preloadDialogs}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-ink">Your Interests</h2>
          <Button onClick={() => setDialog({ interest: null })}>Add Interest</Button>
        </div>
        {interests.length === 0 ? (
          <Card>
            <EmptyState
              icon={<Icon name="sparkles" className="size-8" />}
              title="Start Building Your Interest Profile"
              titleAs="h3"
              description="Add what you love doing when you travel, and we will tailor recommendations to it."
              action={<Button onClick={() => setDialog({ interest: null })}>Add Your First Interest</Button>}
            />
          </Card>
        ) : (
          <div className="space-y-6">
            {groups.map(({ category, items }) => (
              <section key={category.id} aria-labelledby={`category-${category.id}`}>
                <h3
                  id={`category-${category.id}`}
                  className="mb-2 flex items-center gap-2 text-sm font-semibold tracking-wide text-muted uppercase"
                >
                  <CategoryIcon name={category.iconName} />
                  {category.name}
                </h3>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {items.map((interest) => (
                    <Card as="li" key={interest.id} className="flex flex-col p-4">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <Badge>
                          <span
                            aria-hidden="true"
                            className="size-2 rounded-full"
                            style={{ backgroundColor: categoryColor(category.color) }}
                          />
                          {category.name}
                        </Badge>
                        <StarRating value={interest.priority} />
                      </div>
                      <p className="mt-2 font-semibold text-ink">{interest.name}</p>
                      <p className="mt-1 flex-1 text-sm text-muted">
                        {interest.description ?? 'No description provided.'}
                      </p>
                      <div className="mt-3 flex gap-2">
                        <RowButton action="Edit" row={interest.name} onClick={() => setDialog({ interest })} />
                        <RowButton
                          variant="ghost"
                          action="Delete"
                          row={interest.name}
                          onClick={() => setTarget(interest)}
                        />
                      </div>
                    </Card>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
      <aside className="space-y-4" aria-label="Profile summary">
        <Card className="p-4">
          <h2 className="font-semibold text-ink">Your Interest Profile</h2>
          {interests.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No interests yet.</p>
          ) : (
            <ul className="mt-3 space-y-2 text-sm">
              {groups.map(({ category, items }) => (
                <li key={category.id} className="flex items-center justify-between gap-2">
                  <span className="flex items-center gap-2 text-ink">
                    <span
                      aria-hidden="true"
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: categoryColor(category.color) }}
                    />
                    {category.name}
                  </span>
                  <span className="font-medium text-ink">{items.length}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {completion.show ? (
          <Card className="p-4">
            <h2 className="font-semibold text-ink" id="profile-completion">
              Profile Completion
            </h2>
            <div
              role="progressbar"
              aria-labelledby="profile-completion"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={completion.percent}
              className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${completion.percent}%` }} />
            </div>
            <p className="mt-2 text-sm text-muted">
              {completion.total} of {PROFILE_TARGET} interests and wishlist items ({completion.percent}%)
            </p>
          </Card>
        ) : null}
        <div role="note" className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
          <p className="font-semibold">How we use your interests</p>
          <p className="mt-1">
            Your interests rank the trip ideas on Inspirations and help your travel agent and concierge suggest
            experiences you will love.
          </p>
        </div>
      </aside>
      <InterestDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        categories={categories}
        interest={dialog?.interest ?? null}
      />
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Delete this interest?"
        description={target ? `“${target.name}” will be removed from your interest profile.` : ''}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => target && remove.mutate({ id: target.id })}
      />
    </div>
  );
}
