import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { registerOfflineWrites } from '../lib/offline-writes';
import { createApiClient, createQueryClient, TRPCProvider } from '../lib/trpc';
import { testApiUrl } from './trpc-handlers';

/** Renders a component with the real tRPC hooks (talking to msw) and a router for its links (returned, to read where a screen led). */
export function renderWithApi(ui: ReactNode) {
  const queryClient = createQueryClient();
  const client = createApiClient({ url: testApiUrl, batch: false });
  // As the app does at start: writes that may wait for the network know how they are sent.
  registerOfflineWrites(queryClient, client);
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{ui}</> });
  const catchAll = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([indexRoute, catchAll]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>,
  );
  return Object.assign(result, { router });
}
