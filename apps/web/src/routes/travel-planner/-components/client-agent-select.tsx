import { useToast } from '@naav/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SelectInput } from '~/components/form-controls';
import { useTRPC } from '~/lib/trpc';

/**
 * Who looks after a client: an agent sees their own clients and the unassigned ones, so giving a
 * client to another agent takes them off this agent's lists.
 */
export function ClientAgentSelect({ client }: { client: { id: string; name: string; agent: { id: string } | null } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const agents = useQuery(trpc.concierge.agents.queryOptions());
  const assign = useMutation(
    trpc.clients.assignAgent.mutationOptions({
      onSuccess: (saved) => {
        toast({
          title: saved.agent ? `${saved.name} is assigned to ${saved.agent.name}` : `${saved.name} is unassigned`,
          tone: 'success',
        });
        void queryClient.invalidateQueries({ queryKey: trpc.clients.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.proposals.pathKey() });
      },
      onError: (error) =>
        toast({ title: 'Could not assign the client', description: error.message, tone: 'destructive' }),
    }),
  );
  return (
    <SelectInput
      label={`Agent of ${client.name}`}
      className="mt-3 sm:max-w-xs"
      value={client.agent?.id ?? ''}
      disabled={assign.isPending || agents.isPending}
      onChange={(e) => assign.mutate({ id: client.id, agentId: e.target.value || null })}
    >
      <option value="">Unassigned</option>
      {(agents.data ?? []).map((agent) => (
        <option key={agent.id} value={agent.id}>
          {agent.name}
        </option>
      ))}
    </SelectInput>
  );
}
