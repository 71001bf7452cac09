import { describe, expect, it } from 'vitest';
import { aTrip, anEvent } from '../test/fixtures';
import { server } from '../test/msw-server';
import { testApiUrl, trpcQueryFrom } from '../test/trpc-handlers';
import { dayPlanQuery } from './day-plan';
import { createApiClient, createOptionsProxy, createQueryClient } from './trpc';

describe('dayPlanQuery', () => {
  it("reads a trip and its events in one request, and fills that trip's trips.byId and trips.events with them", async () => {
    const trip = aTrip({ id: 'trip-1' });
    const events = [anEvent({ id: 'event-1', tripId: 'trip-1' })];
    const asked: string[] = [];
    server.use(
      trpcQueryFrom('trips.dayPlan', ({ id }) => {
        asked.push(id);
        return { trip, events };
      }),
    );
    const queryClient = createQueryClient();
    const trpc = createOptionsProxy(createApiClient({ url: testApiUrl, batch: false }), queryClient);
    expect(await queryClient.fetchQuery(dayPlanQuery(trpc, queryClient, 'trip-1'))).toEqual({ trip, events });
    expect(asked).toEqual(['trip-1']);
    expect(queryClient.getQueryData(trpc.trips.byId.queryKey({ id: 'trip-1' }))).toEqual(trip);
    expect(queryClient.getQueryData(trpc.trips.events.queryKey({ id: 'trip-1' }))).toEqual(events);
    expect(queryClient.getQueryData(trpc.trips.byId.queryKey({ id: 'trip-2' }))).toBeUndefined();
  });
});
