import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { prefetchForOffline } from '../lib/offline-prefetch';
import { useTRPC } from '../lib/trpc';
import { useOnline } from '../lib/use-online';
import { useMe } from './use-me';

/** Once signed in, and again whenever the network comes back: the trips ahead, loaded for the road. */
export function OfflinePrefetch() {
  const userId = useMe()?.id;
  const online = useOnline();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId && online) void prefetchForOffline(queryClient, trpc);
  }, [userId, online, queryClient, trpc]);
  return null;
}
