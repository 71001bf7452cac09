import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@naav/ui/badge';
import { Button } from '@naav/ui/button';
import { Card } from '@naav/ui/card';
import { Dialog } from '@naav/ui/dialog';
import { EmptyState } from '@naav/ui/empty-state';
import { useToast } from '@naav/ui/toast';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { Icon } from '~/components/icon';
import type { RouterOutputs } from '~/lib/api-types';
import { useTRPC } from '~/lib/trpc';
import { splitTags } from './interest-rules';
import { SavedPlacesImport } from './saved-places-import';
import { createWishlistItemInput } from '@naav/schemas/interests';
import { useDeleteOutcome } from '~/components/use-delete-outcome';

type WishlistItem = RouterOutputs['interests']['profile']['wishlist'][number];

/** Wishlist items with location, description and tags; add and remove. */
export function WishlistTab({ items }: { items: WishlistItem[] }) {
  const trpc = useTRPC();
  const outcome = useDeleteOutcome();
  const [adding, setAdding] = useState(false);
  const [target, setTarget] = useState<WishlistItem | null>(null);
  const remove = useMutation(
    trpc.wishlist.delete.mutationOptions(
      outcome({
        refetch: [trpc.interests.pathFilter()],
        deleted: 'Item removed',
        failed: { title: 'Error', description: 'Failed to remove wishlist item. Please try again.' },
        close: () => setTarget(null),
      }),
    ),
  );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-ink">Your Wishlist</h2>
        <div className="flex flex-wrap gap-2">
          <SavedPlacesImport />
          <Button onClick={() => setAdding(true)}>Add to Wishlist</Button>
        </div>
      </div>
      {items.length === 0 ? (
        <Card>
          <EmptyState
            icon={<Icon name="heart" className="size-8" />}
            title="Your wishlist is empty"
            titleAs="h3"
            description="Keep the experiences you dream of here."
            action={<Button onClick={() => setAdding(true)}>Add Your First Wish</Button>}
          />
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <Card as="li" key={item.id} className="flex flex-col p-4">
              <div className="flex items-start justify-between gap-2">
                <p className="font-semibold text-ink">{item.title}</p>
                <Button variant="ghost" size="sm" onClick={() => setTarget(item)} aria-label={`Remove ${item.title}`}>
                  Remove
                </Button>
              </div>
              {item.location ? (
                <Badge tone="info" className="mt-1 self-start">
                  <Icon name="pin" className="size-3.5" />
                  {item.location}
                </Badge>
              ) : null}
              {item.description ? <p className="mt-2 text-sm text-muted">{item.description}</p> : null}
              {item.tags.length > 0 ? (
                <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
                  {item.tags.map((tag) => (
                    <li key={tag}>
                      <Badge>{tag}</Badge>
                    </li>
                  ))}
                </ul>
              ) : null}
            </Card>
          ))}
        </ul>
      )}
      <Dialog
        open={adding}
        onClose={() => setAdding(false)}
        title="Add to Wishlist"
        description="Something you would love to do one day."
        size="md"
      >
        {adding ? <WishlistForm onDone={() => setAdding(false)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title="Remove from your wishlist?"
        description={target ? `“${target.title}” will be removed from your wishlist.` : ''}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() => target && remove.mutate({ id: target.id })}
      />
    </div>
  );
}

interface WishlistValues {
  title: string;
  location: string;
  description: string;
  /** Comma-separated, as typed. */
  tags: string;
}

const toRequest = (value: WishlistValues) => ({
  title: value.title.trim(),
  description: value.description.trim() || null,
  location: value.location.trim() || null,
  itemType: 'experience' as const,
  tags: splitTags(value.tags),
});

function WishlistForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toast = useToast();
  const create = useMutation(trpc.wishlist.create.mutationOptions());
  const defaultValues: WishlistValues = { title: '', location: '', description: '', tags: '' };
  const form = useAppForm({
    defaultValues,
    validators: { onSubmit: schemaValidator(createWishlistItemInput, toRequest, { title: 'Please enter a name' }) },
    onSubmit: async ({ value }) => {
      if (
        !(
          await sendForm(form, () => create.mutateAsync(toRequest(value)), {
            toast: toast.toast,
            title: 'Error',
            description: 'Failed to add wishlist item. Please try again.',
          })
        ).ok
      )
        return;
      await queryClient.invalidateQueries(trpc.interests.pathFilter());
      toast.toast({ title: 'Added to wishlist!', tone: 'success' });
      onDone();
    },
  });
  return (
    <form onSubmit={submitWith(form)} noValidate className="space-y-4" aria-label="Add to wishlist">
      <form.AppField name="title">{(field) => <field.TextField label="Name" maxLength={200} />}</form.AppField>
      <form.AppField name="location">
        {(field) => <field.TextField label="Destination" optional maxLength={200} />}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" optional maxLength={2000} />}
      </form.AppField>
      <form.AppField name="tags">
        {(field) => <field.TextField label="Tags" optional hint="Separate tags with commas" />}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busyLabel="Saving…" label="Add to Wishlist" />
      </form.AppForm>
    </form>
  );
}
