import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** Whether the app has a network, as TanStack Query sees it (the browser's online and offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}

/** Data from the server (a tRPC query's key starts with its path), not what the device notes for itself. */
const isServerData = (queryKey: readonly unknown[]) => Array.isArray(queryKey[0]);

/**
 * When the saved copy was last refreshed: when the newest data from the server the query cache
 * holds arrived (ms since 1970), or null when it holds none.
 */
export function useNewestDataTime(): number | null {
  const queryCache = useQueryClient().getQueryCache();
  const newest = () => {
    let time = 0;
    for (const query of queryCache.getAll()) {
      if (query.state.status === 'success' && isServerData(query.queryKey))
        time = Math.max(time, query.state.dataUpdatedAt);
    }
    return time || null;
  };
  return useSyncExternalStore((listener) => queryCache.subscribe(listener), newest, newest);
}
