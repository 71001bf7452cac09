import { addDaysIso, tripDayCount } from '@naav/schemas/dates';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { TrpcOptions } from './trpc';
import { dayPlanQuery } from './day-plan';

/** Waits until the browser is idle (or a few seconds): the screen on display goes first. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 2000);
  });

/**
 * Loads, in the background, what the traveller may need on the road without having opened it:
 * every day of the current trip's day-by-day panel (its schedule, companions and local info)
 * and the detail of every current and upcoming trip (itinerary, details, documents warnings,
 * photos list). Only what is missing or stale is asked for, a trip at a time; the offline copy
 * (offline-cache.ts) then keeps it.
 */
export async function prefetchForOffline(queryClient: QueryClient, trpc: TrpcOptions): Promise<void> {
  await idle();
  if (!onlineManager.isOnline()) return;
  const trips = await queryClient.fetchQuery(trpc.trips.list.queryOptions()).catch(() => []);
  const ahead = trips.filter((trip) => trip.status === 'current' || trip.status === 'upcoming');
  await Promise.all([
    queryClient.prefetchQuery(trpc.trips.current.queryOptions()),
    queryClient.prefetchQuery(trpc.trips.saved.queryOptions()),
    queryClient.prefetchQuery(trpc.documents.list.queryOptions()),
  ]);
  for (const trip of ahead) {
    if (!onlineManager.isOnline()) return;
    const days =
      trip.status === 'current'
        ? Array.from({ length: tripDayCount(trip.startDate, trip.endDate) }, (_, index) =>
            addDaysIso(trip.startDate, index),
          )
        : [];
    await Promise.all([
      // The trip page's read, which fills trips.byId and trips.events too (what Home's schedule reads).
      queryClient.prefetchQuery(dayPlanQuery(trpc, queryClient, trip.id)),
      queryClient.prefetchQuery(trpc.trips.companions.queryOptions({ id: trip.id })),
      queryClient.prefetchQuery(trpc.documents.tripWarnings.queryOptions({ tripId: trip.id })),
      queryClient.prefetchQuery(trpc.photos.list.queryOptions({ id: trip.id })),
      queryClient.prefetchQuery(trpc.trips.localInfo.queryOptions({ id: trip.id })),
      ...days.map((date) => queryClient.prefetchQuery(trpc.trips.localInfo.queryOptions({ id: trip.id, date }))),
    ]);
  }
}
