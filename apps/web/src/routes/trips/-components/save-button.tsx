import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { useTRPC } from '~/lib/trpc';
import { Icon } from '~/components/icon';
import { errorMessage } from '~/components/api-errors';

/** Adds the trip to the user's saved list or takes it off; pressed means saved. */
export function SaveButton({ tripId }: { tripId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const saved = useQuery(trpc.trips.saved.queryOptions());
  const isSaved = saved.data?.some((s) => s.tripId === tripId) ?? false;
  const options = {
    onError: (error: unknown) => toast({ title: 'Could not update your saved trips', description: errorMessage(error), tone: 'destructive' as const }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.trips.saved.queryKey() }),
  };
  const save = useMutation(trpc.trips.save.mutationOptions(options));
  const unsave = useMutation(trpc.trips.unsave.mutationOptions(options));
  const busy = saved.isPending || save.isPending || unsave.isPending;

  return (
    <Button
      variant="secondary"
      aria-pressed={isSaved}
      // aria-disabled keeps focus on the button while the change is made.
      aria-disabled={busy || undefined}
      onClick={() => {
        if (busy) return;
        (isSaved ? unsave : save).mutate({ id: tripId });
      }}
      className={isSaved ? '!border-brand-600 !bg-brand-50' : undefined}
    >
      <Icon name="bookmark" filled={isSaved} />
      {isSaved ? 'Saved' : 'Save'}
    </Button>
  );
}
