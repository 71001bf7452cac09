import { Badge } from '@naav/ui/badge';
import { useToast } from '@naav/ui/toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '~/lib/trpc';
import { LoadError } from '~/components/load-error';
import { ChatWindow } from './chat-window';
import { formatClock } from './concierge-hours';
import { FoodPreferencesSummary } from '~/components/food-preferences-summary';
import { QueryState } from '~/components/query-state';

/** Every traveller's conversation (newest activity first) and the one the agent opened. */
export function AgentInbox() {
  const trpc = useTRPC();
  const inbox = useQuery(trpc.concierge.inbox.queryOptions());
  const [selected, setSelected] = useState<string | null>(null);
  const conversations = inbox.data ?? [];
  const current = conversations.find((c) => c.traveller.id === selected);

  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <section aria-labelledby="inbox-heading">
        <h2 id="inbox-heading" className="text-lg font-semibold text-ink">
          Inbox
        </h2>
        <div className="mt-3">
          <QueryState query={inbox} loading={{ text: 'Loading conversations...', rows: 3 }} error={{ what: 'the inbox' }} isEmpty={() => conversations.length === 0} empty={<p className="text-muted">No messages yet</p>}>
            {() => (
              <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-surface">
              {conversations.map((c) => (
                <li key={c.traveller.id}>
                  <button
                    type="button"
                    aria-current={c.traveller.id === selected ? 'true' : undefined}
                    onClick={() => setSelected(c.traveller.id)}
                    className="flex w-full flex-col gap-1 p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 aria-[current=true]:bg-brand-50"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium text-ink">{c.traveller.name}</span>
                      <span className="text-xs text-muted">{formatClock(c.lastMessageAt)}</span>
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm text-muted">
                        {c.lastSender === 'concierge' ? 'You: ' : ''}
                        {c.lastMessage}
                      </span>
                      {c.unreadCount > 0 ? <Badge tone="brand">{c.unreadCount} unread</Badge> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            )}
          </QueryState>
        </div>
      </section>
      <section aria-label="Conversation">
        {selected ? (
          <Thread userId={selected} name={current?.traveller.name} unread={current?.unreadCount ?? 0} />
        ) : (
          <p className="flex h-full min-h-40 items-center justify-center rounded-xl border border-dashed border-slate-300 p-6 text-muted">
            Choose a conversation to read and answer it.
          </p>
        )}
      </section>
    </div>
  );
}

function Thread({ userId, name, unread }: { userId: string; name: string | undefined; unread: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const thread = useQuery(trpc.concierge.thread.queryOptions({ userId }));
  const markRead = useMutation(
    trpc.concierge.markRead.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries(trpc.concierge.inbox.pathFilter()) }),
  );
  const reply = useMutation(
    trpc.concierge.reply.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.concierge.thread.queryFilter({ userId }));
        void queryClient.invalidateQueries(trpc.concierge.inbox.pathFilter());
      },
      onError: (error) => toast({ title: 'Your answer was not sent', description: error.message, tone: 'destructive' }),
    }),
  );
  // Opening the conversation (and new messages arriving while it is open) reads them.
  const { mutate } = markRead;
  useEffect(() => {
    if (unread > 0) mutate({ userId });
  }, [userId, unread, mutate]);

  return (
    <div>
      <h2 className="mb-3 text-lg font-semibold text-ink">{thread.data?.traveller.name ?? name ?? 'Conversation'}</h2>
      <div className="mb-3">
        <FoodPreferencesSummary clientId={userId} />
      </div>
      {thread.isError ? (
        <LoadError what="this conversation" onRetry={() => void thread.refetch()} />
      ) : (
        <ChatWindow
          label={`Conversation with ${thread.data?.traveller.name ?? name ?? 'the traveller'}`}
          messages={thread.data?.messages}
          loading={thread.isPending}
          mine="concierge"
          sending={reply.isPending}
          placeholder="Write your answer..."
          onSend={(message) => reply.mutateAsync({ userId, message })}
        />
      )}
    </div>
  );
}
