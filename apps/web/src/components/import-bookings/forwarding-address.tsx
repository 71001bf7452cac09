import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@naav/ui/button';
import { useToast } from '@naav/ui/toast';
import { useTRPC } from '~/lib/trpc';
import { errorMessage } from '../api-errors';
import { ConfirmDialog } from '../confirm-dialog';
import { CopyField } from '../copy-field';
import { QueryState } from '../query-state';

/**
 * The person's private forwarding address, with Copy and Regenerate: confirmations mailed there
 * are added to the trip their dates fall in (else a new one), and the inbox says so.
 */
export function ForwardingAddress() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const address = useQuery(trpc.inbound.address.queryOptions());
  const regenerate = useMutation(trpc.inbound.regenerate.mutationOptions());
  const [asking, setAsking] = useState(false);
  const onRegenerate = () =>
    regenerate.mutate(undefined, {
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.inbound.address.queryKey(), data);
        setAsking(false);
        toast({ title: 'New forwarding address', description: data.address, tone: 'success' });
      },
      onError: (error) => toast({ title: 'Not regenerated', description: errorMessage(error), tone: 'destructive' }),
    });
  return (
    <section aria-labelledby="forwarding-heading" className="space-y-2 rounded-xl border border-slate-200 p-4">
      <h3 id="forwarding-heading" className="font-medium text-ink">
        Or forward your confirmations
      </h3>
      <QueryState
        query={address}
        loading={{ text: 'Loading your forwarding address...', rows: 1 }}
        error={{ what: 'your forwarding address', onRetry: () => void address.refetch() }}
      >
        {(data) => (
          <>
            <CopyField
              label="Your private forwarding address"
              copyLabel="Copy the forwarding address"
              value={data.address}
            />
            <p className="text-sm text-muted">
              Bookings in mails sent here are added to the trip their dates fall in, or to a new trip; your inbox tells
              you which.
            </p>
            <Button variant="secondary" onClick={() => setAsking(true)}>
              Regenerate
            </Button>
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Regenerate the forwarding address?"
        description="Mail sent to the current address will be refused from now on. Update any forwarding rule that uses it."
        confirmLabel="Regenerate"
        cancelLabel="Keep this address"
        pending={regenerate.isPending}
        onConfirm={onRegenerate}
      />
    </section>
  );
}
