import { redirect } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import type { RouterContext } from '../router';
import { isPublicPath } from './public-paths';

/** Sends a signed-out visitor of an app screen to sign-in, to come back afterwards. */
export async function requireSession(context: RouterContext, location: { pathname: string; href: string }) {
  if (isPublicPath(location.pathname)) return;
  try {
    await context.queryClient.ensureQueryData(context.trpc.me.get.queryOptions());
  } catch (error) {
    if (error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED') {
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
    throw error;
  }
}
