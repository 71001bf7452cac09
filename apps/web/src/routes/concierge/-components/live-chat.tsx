import { useToast } from '@naav/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../../components/load-error';
import { useTRPC } from '../../../lib/trpc';
import { ChatWindow, type ChatMessage } from './chat-window';

/** The traveller's conversation; answers from the concierge are pushed as they are written (see ConciergePage's live topics). */
export function LiveChat() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const chatOptions = trpc.concierge.chat.queryOptions();
  const chat = useQuery(chatOptions);
  const send = useMutation(
    trpc.concierge.send.mutationOptions({
      onSuccess: (message) => {
        // Show it at once; the refetch brings the same list, so nothing appears twice (keyed by id).
        queryClient.setQueryData(chatOptions.queryKey, (old: ChatMessage[] | undefined) =>
          old?.some((m) => m.id === message.id) ? old : [...(old ?? []), message],
        );
        void queryClient.invalidateQueries(trpc.concierge.chat.pathFilter());
      },
      onError: (error) => toast({ title: 'Your message was not sent', description: error.message, tone: 'destructive' }),
    }),
  );
  return (
    <div>
      <p className="mb-3 text-sm text-muted">Write to our concierge team; answers appear here as they arrive.</p>
      <ChatWindow
        label="Conversation with the concierge"
        messages={chat.data}
        loading={chat.isPending}
        mine="user"
        sending={send.isPending}
        onSend={(message) => send.mutateAsync({ message })}
      />
      {/* Nothing polls any more: the traveller retries, or the next pushed change reloads it. */}
      {chat.isError ? (
        <div className="mt-2">
          <LoadError what="your conversation" onRetry={() => void chat.refetch()} />
        </div>
      ) : null}
    </div>
  );
}
