import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../lib/trpc';
import { useOnline } from '../lib/use-online';
import { useMe } from './use-me';

/**
 * Once signed in, and again whenever the network comes back: the trips ahead, loaded for the road.
 * Its code loads then too (it waits for an idle browser anyway), not with the first screen.
 */
export function OfflinePrefetch() {
  const userId = useMe()?.id;
  const online = useOnline();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId && online)
      void import('../lib/offline-prefetch').then(({ prefetchForOffline }) => prefetchForOffline(queryClient, trpc));
  }, [userId, online, queryClient, trpc]);
  return null;
}
