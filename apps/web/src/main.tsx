import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startOfflineCache } from './lib/offline-cache';
import { registerOfflineWrites } from './lib/offline-writes';
import { startWithPageData } from './lib/page-data';
import { createApiClient, createOptionsProxy, createQueryClient, TRPCProvider } from './lib/trpc';
import { createAppRouter } from './router';
import './styles.css';

/**
 * Gives the browser a turn between steps of the start: each step runs in a task of its own, so a
 * slow phone answers a tap between them instead of after one long task.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve));

// While the start waits for IndexedDB and the network: the dates and amounts the screen shows need
// it. Its few lines come in a file of their own, beside the first screen's JavaScript, not in it.
void import('./lib/warm-intl').then(({ warmIntl }) => warmIntl()).catch(() => undefined);

const queryClient = createQueryClient();
const apiClient = createApiClient();
const trpc = createOptionsProxy(apiClient, queryClient);
const router = createAppRouter({ queryClient, trpc });
// Before the offline copy is restored: a restored write needs to know how it is sent.
registerOfflineWrites(queryClient, apiClient);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The first screen starts from what was saved on this device (read from IndexedDB in a few ms),
// under the answers the server sent inside the page, which are newer.
await yieldToBrowser();
await startOfflineCache(queryClient, { afterRestore: () => startWithPageData(queryClient, trpc) });
// The first screen is ready (its chunk, the session check) before React takes the page over from
// the shell index.html paints: the shell gives way to the screen, never to an empty page.
await yieldToBrowser();
await router.load().catch(() => undefined);
await yieldToBrowser();

// As a transition: React renders the first screen in slices, between which the browser answers
// input, instead of in one long task (the shell stays on screen meanwhile).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
