import type { AppRouter } from '@naav/api';
import { QueryClient } from '@tanstack/react-query';
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  httpSubscriptionLink,
  splitLink,
  type Operation,
  type TRPCClient,
} from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { isTransient } from './offline-writes';
import { deserialize, serialize } from './wire-format';

/** superjson's wire format, as the server writes and reads it (see wire-format.ts). */
const transformer = { serialize, deserialize };

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type ApiClient = TRPCClient<AppRouter>;

/** The server refuses batches of more calls (apps/server/src/trpc-limits.ts): keep the two equal. */
export const maxBatchCalls = 20;

/**
 * The Idempotency-Key a call carries: `client.x.mutate(input, { context: { idempotencyKey } })`.
 * The server stores such a write once however often it is sent with that key (README: Idempotency-Key).
 */
const idempotencyKeyOf = (op: Pick<Operation, 'context'>): string | undefined => {
  const key = op.context['idempotencyKey'];
  return typeof key === 'string' ? key : undefined;
};

/**
 * Cookies carry the session; batching groups the calls a screen makes at once, at most
 * `maxBatchCalls` a request. A call with an idempotency key goes alone, with the key in its
 * Idempotency-Key header (a batch's calls would all share one). Subscriptions (live.changes)
 * go over server-sent events, which resume after a dropped connection from the last event id.
 */
export function createApiClient({ url = '/trpc', batch = true }: { url?: string; batch?: boolean } = {}): ApiClient {
  const options = {
    url,
    transformer,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: 'include' }),
  };
  const link = batch ? httpBatchLink({ ...options, maxItems: maxBatchCalls }) : httpLink(options);
  const keyed = httpLink({ ...options, headers: ({ op }) => ({ 'Idempotency-Key': idempotencyKeyOf(op) }) });
  const live = httpSubscriptionLink({
    url,
    transformer,
    eventSourceOptions: () => ({ withCredentials: true }),
  });
  const calls = splitLink<AppRouter>({
    condition: (op) => idempotencyKeyOf(op) !== undefined,
    true: keyed,
    false: link,
  });
  return createTRPCClient<AppRouter>({
    links: [splitLink({ condition: (op) => op.type === 'subscription', true: live, false: calls })],
  });
}

/** How long data nobody shows stays in memory: as long as the offline copy keeps it (a week). */
const keepUnusedDataMs = 7 * 24 * 60 * 60 * 1000;

/** A read that got no answer at all (the network dropped mid-request) is tried again at most this often. */
const readRetriesWithoutAnswer = 3;

/**
 * Data is never stale by itself: mutations invalidate what they change; no focus refetch.
 * Without a network, queries and mutations wait (the default network mode 'online'): saved data
 * keeps showing instead of turning into an error, polling stops, and paused writes are kept in
 * the offline copy until the network is back (src/lib/offline-cache.ts). A read the server
 * answered with an error is not retried; one that got no answer (a refresh in flight as the
 * network drops) is, and its retry waits for the network, so the screen keeps what it showed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: keepUnusedDataMs,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (failures, error) => failures < readRetriesWithoutAnswer && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
}

export function createOptionsProxy(client: ApiClient, queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

export type TrpcOptions = ReturnType<typeof createOptionsProxy>;
