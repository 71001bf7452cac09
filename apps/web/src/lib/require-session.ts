import { onlineManager } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import type { RouterContext } from '../router';
import { deleteOfflineData } from './offline-cache';
import { isPublicPath } from './public-paths';
import { sendPendingSignOut } from './session';

/**
 * Sends a signed-out visitor of an app screen to sign-in, to come back afterwards. A copy of who
 * is signed in restored from the offline store is checked with the server whenever the network
 * is there (the session may have ended meanwhile); without a network, the copy lets the
 * traveller in to what was saved.
 */
export async function requireSession(context: RouterContext, location: { pathname: string; href: string }) {
  if (isPublicPath(location.pathname)) return;
  const options = context.trpc.me.get.queryOptions();
  const cached = context.queryClient.getQueryData(options.queryKey);
  try {
    if (!onlineManager.isOnline()) {
      if (cached !== undefined) return;
      // Nothing saved: fail at once (a waiting query would leave the page blank).
      await context.queryClient.fetchQuery({ ...options, networkMode: 'always' });
      return;
    }
    // A sign-out made offline reaches the server before anything else does.
    if (await sendPendingSignOut()) context.queryClient.clear();
    await context.queryClient.fetchQuery(options);
  } catch (error) {
    if (error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED') {
      // The session ended (signed out elsewhere, expired): what was saved for it goes too.
      if (cached !== undefined) await deleteOfflineData(context.queryClient);
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
    // The server could not be reached: what was saved is still there to show.
    if (cached !== undefined) return;
    throw error;
  }
}
