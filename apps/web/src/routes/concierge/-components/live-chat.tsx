import { useToast } from '@naav/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '~/components/load-error';
import { useTRPC } from '~/lib/trpc';
import { useQueuedWrite, useWaitingWrites } from '~/lib/use-queued-writes';
import { ChatWindow, type ChatMessage } from './chat-window';

/** The traveller's conversation; answers from the concierge are pushed as they are written (see ConciergePage's live topics). */
export function LiveChat() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const chatOptions = trpc.concierge.chat.queryOptions();
  const chat = useQuery(chatOptions);
  // A queued write: without a network the message shows at once, marked "Waiting to sync", and goes when the network is back.
  const send = useQueuedWrite('concierge.send');
  const waiting = useWaitingWrites('concierge.send');
  const onSend = async (message: string) => {
    try {
      const sent = await send.submit({ message });
      if (sent.queued) return;
      // Show it at once; the refetch brings the same list, so nothing appears twice (keyed by id).
      queryClient.setQueryData(chatOptions.queryKey, (old: ChatMessage[] | undefined) =>
        old?.some((m) => m.id === sent.data.id) ? old : [...(old ?? []), sent.data],
      );
      void queryClient.invalidateQueries(trpc.concierge.chat.pathFilter());
    } catch (error) {
      toast({ title: 'Your message was not sent', description: error instanceof Error ? error.message : undefined, tone: 'destructive' });
      throw error;
    }
  };
  const unsent: ChatMessage[] = waiting.map((write) => ({
    id: `waiting-${write.idempotencyKey}`,
    userId: '',
    sender: 'user',
    message: write.input.message,
    timestamp: new Date(write.madeAt).toISOString(),
  }));
  const messages = chat.data && unsent.length > 0 ? [...chat.data, ...unsent] : chat.data;
  return (
    <div>
      <p className="mb-3 text-sm text-muted">Write to our concierge team; answers appear here as they arrive.</p>
      <ChatWindow
        label="Conversation with the concierge"
        messages={messages}
        waitingIds={unsent.map((m) => m.id)}
        loading={chat.isPending}
        mine="user"
        sending={send.isPending}
        onSend={onSend}
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
