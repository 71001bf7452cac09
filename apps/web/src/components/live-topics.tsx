import { useQueryClient, type Query, type QueryFilters } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useEffect, useRef, useState } from 'react';
import { useTRPC, type TrpcOptions } from '../lib/trpc';

type Trpc = TrpcOptions;
/** One change the server pushed: its topic, the row and what happened (never the row's data). */
export type LiveEvent = { position: number; topic: string; rowId: string | null; kind: string };

/** The queries of one procedure whose input includes `input` (any other input fields, any query or infinite query). */
function withInput(path: { pathKey: () => readonly unknown[] }, input: Record<string, string>): QueryFilters {
  return { queryKey: [...path.pathKey(), { input }] };
}

/**
 * The queries that show what one change touched, to refetch through their ordinary (authorised)
 * procedures: chosen by the topic, the event's kind (what the row is, see ChangeKind on the
 * server) and the ids the topic and row carry, so a new expense refetches that trip's expenses
 * and budget, not its itinerary nor any other trip. An unknown kind refetches all the topic shows.
 */
export function queriesShowing(trpc: Trpc, event: Pick<LiveEvent, 'topic' | 'kind' | 'rowId'>): QueryFilters[] {
  const { topic, kind, rowId } = event;
  const colon = topic.indexOf(':');
  const [domain, id] = colon < 0 ? [topic, ''] : [topic.slice(0, colon), topic.slice(colon + 1)];
  switch (domain) {
    case 'trip': {
      const trip = { id };
      // The trip page reads the trip and its events together (trips.dayPlan): a change to either refreshes it.
      const details = [withInput(trpc.trips.byId, trip), withInput(trpc.trips.dayPlan, trip)];
      const itinerary = [
        withInput(trpc.trips.events, trip),
        withInput(trpc.trips.dayPlan, trip),
        withInput(trpc.trips.localInfo, trip),
        withInput(trpc.trips.calendar, trip),
        trpc.trips.todaysEvents.pathFilter(),
      ];
      const expenses = [
        withInput(trpc.expenses.list, trip),
        withInput(trpc.expenses.search, trip),
        withInput(trpc.budget.summary, trip),
        withInput(trpc.balances.balances, trip),
        withInput(trpc.balances.spending, trip),
      ];
      const people = [withInput(trpc.balances.participants, trip), withInput(trpc.balances.balances, trip)];
      const access = [withInput(trpc.family.tripAccess, trip), withInput(trpc.trips.sharing, trip)];
      const byKind: Record<string, QueryFilters[]> = {
        event: [...details, ...itinerary],
        companion: [withInput(trpc.trips.companions, trip), withInput(trpc.packing.people, trip), ...people],
        photo: [withInput(trpc.photos.list, trip)],
        expense: expenses,
        budget: [...details, ...expenses, withInput(trpc.budget.categoryBudgets, trip)],
        details: [
          ...details,
          ...itinerary,
          trpc.trips.current.pathFilter(),
          withInput(trpc.budget.summary, trip),
          withInput(trpc.documents.tripWarnings, { tripId: id }),
        ],
        share: [...details, ...access, ...people],
        membership: [...details, ...access, ...people],
        packing: [withInput(trpc.packing.list, trip)],
        todo: [withInput(trpc.todos.list, trip)],
      };
      // Every change to a trip may add a line to its activity.
      return [
        ...(byKind[kind] ?? [
          ...byKind.details!,
          ...byKind.budget!,
          ...access,
          withInput(trpc.trips.companions, trip),
          withInput(trpc.photos.list, trip),
          ...byKind.packing!,
          ...byKind.todo!,
          withInput(trpc.packing.people, trip),
          ...people,
        ]),
        withInput(trpc.trips.activity, trip),
      ];
    }
    case 'trips': {
      // The signed-in user's own lists: their trips (their own and those shared with them), trip requests and shared trips.
      const lists = [
        trpc.trips.list.pathFilter(),
        trpc.trips.current.pathFilter(),
        trpc.trips.todaysEvents.pathFilter(),
        trpc.inspirations.nextTrip.pathFilter(),
      ];
      const shared = [trpc.family.sharedTrips.pathFilter(), trpc.family.events.pathFilter()];
      const byKind: Record<string, QueryFilters[]> = {
        created: [...lists, ...shared],
        updated: [...lists, ...shared],
        deleted: [...lists, ...shared],
        request: [trpc.tripRequests.list.pathFilter()],
        proposal: [...lists, trpc.tripRequests.list.pathFilter()],
        // Added to a group, or a trip shared with one's group: the trip lists gain (or lose) the trips shared with one.
        membership: [...lists, ...shared, trpc.family.groups.pathFilter()],
      };
      return byKind[kind] ?? [...lists, ...shared, trpc.tripRequests.list.pathFilter()];
    }
    case 'concierge': {
      if (topic !== 'concierge') {
        if (kind === 'message') return [trpc.concierge.chat.pathFilter()];
        if (kind === 'request') return [trpc.concierge.requests.pathFilter()];
        return [trpc.concierge.chat.pathFilter(), trpc.concierge.requests.pathFilter()];
      }
      // The agents' desk: a message names the message, a read the traveller whose thread it was.
      // The unread chats on the agent's Home follow messages and reads.
      const home = trpc.desk.summary.pathFilter();
      if (kind === 'message') return [trpc.concierge.inbox.pathFilter(), trpc.concierge.thread.pathFilter(), home];
      if (kind === 'read')
        return [
          trpc.concierge.inbox.pathFilter(),
          ...(rowId ? [withInput(trpc.concierge.thread, { userId: rowId })] : []),
          home,
        ];
      if (kind === 'request') return [trpc.concierge.allRequests.pathFilter()];
      return [
        trpc.concierge.inbox.pathFilter(),
        trpc.concierge.thread.pathFilter(),
        trpc.concierge.allRequests.pathFilter(),
        home,
      ];
    }
    case 'proposals': {
      const one = rowId
        ? [
            withInput(trpc.proposals.byId, { id: rowId }),
            withInput(trpc.proposals.items, { id: rowId }),
            withInput(trpc.proposals.feedback, { id: rowId }),
          ]
        : [trpc.proposals.byId.pathFilter(), trpc.proposals.items.pathFilter(), trpc.proposals.feedback.pathFilter()];
      const desk =
        topic === 'proposals'
          ? [
              trpc.proposals.allItems.pathFilter(),
              trpc.proposals.allFeedback.pathFilter(),
              trpc.desk.summary.pathFilter(),
            ]
          : [];
      return [trpc.proposals.list.pathFilter(), ...one, ...desk];
    }
    case 'notices':
      // One's own inbox: a notice written, changed or read (the bell's count and list).
      return [trpc.notifications.list.pathFilter()];
    case 'group':
      // A group's name, members or shared trips: the groups panel and what members see of them.
      return [
        trpc.family.groups.pathFilter(),
        trpc.family.sharedTrips.pathFilter(),
        ...(kind === 'updated' ? [] : [trpc.family.events.pathFilter()]),
      ];
    default:
      return [];
  }
}

/**
 * Follows `topics` over the live stream (one server-sent-events connection per call site) and
 * refetches what each change touched; `onEvent` hears each change too. Once first connected it
 * refetches what the topics show (a change made while the screen loaded); a `reset` (the stream
 * was away longer than the server keeps changes) refetches everything shown. Answers whether
 * the stream is down and reconnecting.
 */
export function useLiveTopics(
  topics: readonly (string | null | undefined)[],
  onEvent?: (event: LiveEvent) => void,
): { reconnecting: boolean } {
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
          else for (const filter of queriesShowing(trpc, data)) void queryClient.invalidateQueries(filter);
          onEvent?.(data);
        },
      },
    ),
  );
  // The screen's data was read before the stream was listening: a change in between would be
  // missed, so the first connection for these topics refetches what they show, once. A
  // reconnection does not: it resumes from the last event it had.
  const caughtUp = useRef<string | null>(null);
  const topicsKey = wanted.join(' ');
  useEffect(() => {
    if (subscription.status !== 'pending') return;
    setConnected(true);
    if (caughtUp.current === topicsKey) return;
    caughtUp.current = topicsKey;
    const connectedAt = Date.now();
    // What arrived before the stream listened; a read still under way is left to finish.
    const readBefore = (query: Query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < connectedAt;
    for (const topic of topicsKey.split(' '))
      for (const filter of queriesShowing(trpc, { topic, kind: 'connected', rowId: null }))
        void queryClient.invalidateQueries(
          { ...filter, predicate: (query) => readBefore(query) && (filter.predicate?.(query) ?? true) },
          { cancelRefetch: false },
        );
  }, [subscription.status, topicsKey, trpc, queryClient]);
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
export function LiveTopics({
  topics,
  onEvent,
}: {
  topics: readonly (string | null | undefined)[];
  onEvent?: (event: LiveEvent) => void;
}) {
  const { reconnecting } = useLiveTopics(topics, onEvent);
  return <LiveStatus reconnecting={reconnecting} />;
}
