import { useToast } from '@naav/ui/toast';
import { errorMessage } from './api-errors';

/**
 * What a mutation does when the server answers, as its options: done, `after` runs (close a view,
 * refetch what showed the change) and the success toast says `done`; failed, the error toast says
 * `failed` with the server's reason.
 *
 *   const toasts = useMutationToasts();
 *   useMutation(trpc.webhooks.test.mutationOptions(toasts({ after: refresh, done: 'Test event queued', failed: '…' })));
 */
export function useMutationToasts() {
  const { toast } = useToast();
  return ({
    after,
    done,
    failed,
  }: {
    after: () => unknown;
    done: string | { title: string; description: string };
    failed: string;
  }) => ({
    onSuccess: async () => {
      await after();
      toast({ ...(typeof done === 'string' ? { title: done } : done), tone: 'success' });
    },
    onError: (error: unknown) => toast({ title: failed, description: errorMessage(error), tone: 'destructive' }),
  });
}
