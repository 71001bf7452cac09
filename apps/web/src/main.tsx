import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, createOptionsProxy, createQueryClient, TRPCProvider } from './lib/trpc';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createQueryClient();
const apiClient = createApiClient();
const trpc = createOptionsProxy(apiClient, queryClient);
const router = createAppRouter({ queryClient, trpc });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={apiClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
