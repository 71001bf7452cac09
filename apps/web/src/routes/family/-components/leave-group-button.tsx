import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { LazyConfirmDialog as ConfirmDialog } from '~/components/lazy-dialogs';
import { useTRPC } from '~/lib/trpc';
import type { Group } from './family-labels';

/** For a group someone else owns: leave it, after confirming, losing its shared trips. */
export function LeaveGroupButton({ group }: { group: Group }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation(
    trpc.family.leaveGroup.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        // Its trips are no longer the member's to see: every trip answer may have changed too.
        await Promise.all([
          queryClient.invalidateQueries(trpc.family.pathFilter()),
          queryClient.invalidateQueries(trpc.trips.pathFilter()),
        ]);
        toast({ title: 'You left the group', description: group.name, tone: 'success' });
      },
      onError: (error) =>
        toast({ title: 'Could not leave the group', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Leave ${group.name}`}>
        Leave Group
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Leave group?"
        description={`You will no longer see ${group.name} or the trips shared with it. ${group.ownerName} can add you again.`}
        confirmLabel="Leave Group"
        cancelLabel="Stay"
        pending={leave.isPending}
        onConfirm={() => leave.mutate({ id: group.id })}
      />
    </>
  );
}
