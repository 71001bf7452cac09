import { useQueryClient, type QueryFilters } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useState } from 'react';
import { useTRPC, type TrpcOptions } from '../lib/trpc';

type Trpc = TrpcOptions;
/** One change the server pushed: its topic, the row and what happened (never the row's data). */
export type LiveEvent = { position: number; topic: string; rowId: string | null; kind: string };

/**
 * The queries that show what a change on `topic` touched, to refetch through their ordinary
 * (authorised) procedures. A topic names its domain: a trip and everything on it, a user's trip
 * list, a traveller's concierge conversation, the agents' desk, proposals, a family group.
 */
export function queriesShowing(trpc: Trpc, topic: string): QueryFilters[] {
  const kind = topic.includes(':') ? topic.slice(0, topic.indexOf(':')) : topic;
  switch (kind) {
    case 'concierge':
      return topic === 'concierge'
        ? [trpc.concierge.inbox.pathFilter(), trpc.concierge.thread.pathFilter(), trpc.concierge.allRequests.pathFilter()]
        : [trpc.concierge.chat.pathFilter(), trpc.concierge.requests.pathFilter()];
    case 'proposals':
      return [trpc.proposals.pathFilter(), trpc.trips.list.pathFilter()];
    case 'trip':
      return [trpc.trips.pathFilter(), trpc.photos.pathFilter(), trpc.expenses.pathFilter(), trpc.budget.pathFilter(), trpc.family.pathFilter()];
    case 'trips':
      return [trpc.trips.pathFilter()];
    case 'group':
      return [trpc.family.pathFilter(), trpc.trips.pathFilter()];
    default:
      return [];
  }
}

/**
 * Follows `topics` over the live stream (one server-sent-events connection per call site) and
 * refetches what each change touched; `onEvent` hears each change too. A `reset` (the stream
 * was away longer than the server keeps changes) refetches everything shown. Answers whether
 * the stream is down and reconnecting.
 */
export function useLiveTopics(topics: readonly (string | null | undefined)[], onEvent?: (event: LiveEvent) => void): { reconnecting: boolean } {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const wanted = [...new Set(topics.filter((t): t is string => !!t))].sort();
  const [connected, setConnected] = useState(false);
  const subscription = useSubscription(
    trpc.live.changes.subscriptionOptions(
      { topics: wanted },
      {
        enabled: wanted.length > 0,
        onData: ({ data }: { data: LiveEvent }) => {
          if (data.kind === 'reset') void queryClient.invalidateQueries();
          else for (const filter of queriesShowing(trpc, data.topic)) void queryClient.invalidateQueries(filter);
          onEvent?.(data);
        },
      },
    ),
  );
  useEffect(() => {
    if (subscription.status === 'pending') setConnected(true);
  }, [subscription.status]);
  // Down after having been up: the link reconnects by itself and resumes from the last event.
  return { reconnecting: connected && (subscription.status === 'connecting' || subscription.status === 'error') };
}

/** A quiet line while the live stream is down; otherwise an empty status region that takes no room. */
export function LiveStatus({ reconnecting }: { reconnecting: boolean }) {
  return (
    <p role="status" className={reconnecting ? 'text-xs text-muted' : 'sr-only'} aria-live="polite">
      {reconnecting ? 'Reconnecting…' : ''}
    </p>
  );
}

/** Follows `topics` for a screen and shows the reconnecting line (see useLiveTopics). */
export function LiveTopics({ topics, onEvent }: { topics: readonly (string | null | undefined)[]; onEvent?: (event: LiveEvent) => void }) {
  const { reconnecting } = useLiveTopics(topics, onEvent);
  return <LiveStatus reconnecting={reconnecting} />;
}

