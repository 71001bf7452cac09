import type { AppRouter } from '@naav/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export type ApiClient = TRPCClient<AppRouter>;

/** The server refuses batches of more calls (apps/server/src/trpc-limits.ts): keep the two equal. */
export const maxBatchCalls = 20;

/**
 * Cookies carry the session; batching groups the calls a screen makes at once, at most
 * `maxBatchCalls` a request. Subscriptions (live.changes) go over server-sent events, which
 * resume after a dropped connection from the last event id.
 */
export function createApiClient({ url = '/trpc', batch = true }: { url?: string; batch?: boolean } = {}): ApiClient {
  const options = { url, transformer: superjson, fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: 'include' }) };
  const link = batch ? httpBatchLink({ ...options, maxItems: maxBatchCalls }) : httpLink(options);
  const live = httpSubscriptionLink({ url, transformer: superjson, eventSourceOptions: () => ({ withCredentials: true }) });
  return createTRPCClient<AppRouter>({ links: [splitLink({ condition: (op) => op.type === 'subscription', true: live, false: link })] });
}

/** Data is never stale by itself: mutations invalidate what they change; no retries, no focus refetch. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export function createOptionsProxy(client: ApiClient, queryClient: QueryClient) {
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

export type TrpcOptions = ReturnType<typeof createOptionsProxy>;
