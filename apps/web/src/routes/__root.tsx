import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { ToastProvider } from '@naav/ui/toast';
import { AppShell } from '../components/app-shell';
import { NotFound } from '../components/not-found';
import { OfflinePrefetch } from '../components/offline-prefetch';
import { RouteError } from '../components/route-error';
import { UpdatePrompt } from '../components/update-prompt';
import { isBarePath } from '../lib/public-paths';
import { requireSession } from '../lib/require-session';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => requireSession(context, location),
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

function RootLayout() {
  // From the screen on display, not the address: the address changes as soon as a navigation
  // starts, and switching the frame then would show the page being left (sign-in, emptied as
  // it remounts) inside the app until the next screen is ready.
  const bare = useRouterState({ select: (s) => isBarePath(s.matches.at(-1)?.pathname ?? s.location.pathname) });
  return (
    <ToastProvider>
      <UpdatePrompt />
      {bare ? (
        <Outlet />
      ) : (
        <AppShell>
          <OfflinePrefetch />
          <Outlet />
        </AppShell>
      )}
    </ToastProvider>
  );
}
