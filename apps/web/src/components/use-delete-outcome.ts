import { useQueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { useToast } from '@naav/ui/toast';

/**
 * What a delete asked for in a ConfirmDialog does when the server answers, as a mutation's
 * options: gone, the lists that showed it refetch (in turn) and the success toast says so; failed,
 * the error toast; either way the confirmation closes (`close`).
 *
 *   const outcome = useDeleteOutcome();
 *   useMutation(trpc.documents.delete.mutationOptions(outcome({ refetch: [trpc.documents.pathFilter()], ... })));
 */
export function useDeleteOutcome() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return ({
    refetch,
    deleted,
    failed,
    close,
  }: {
    refetch: InvalidateQueryFilters[];
    deleted: string;
    failed: { title: string; description?: string };
    close: () => void;
  }) => ({
    onSuccess: async () => {
      for (const filter of refetch) await queryClient.invalidateQueries(filter);
      toast({ title: deleted, tone: 'success' });
    },
    onError: () => toast({ ...failed, tone: 'destructive' }),
    onSettled: close,
  });
}
