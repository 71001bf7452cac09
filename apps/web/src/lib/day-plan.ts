import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from './api-types';
import { type TrpcOptions, useTRPC } from './trpc';

type DayPlan = RouterOutputs['trips']['dayPlan'];

/**
 * The trip page's read of a trip and its events: one request (trips.dayPlan), in the loader and
 * on the page alike. Each answer also fills that trip's trips.byId and trips.events, which other
 * screens read (Home's and My Trips' schedules of the current trip), as the page's two reads did.
 * Everything that refreshes a trip (trpc.trips.pathFilter(), the live topics) refreshes it too.
 */
export function dayPlanQuery(trpc: TrpcOptions, queryClient: QueryClient, id: string) {
  const options = trpc.trips.dayPlan.queryOptions({ id });
  const read = options.queryFn!;
  return {
    ...options,
    queryFn: async (context: Parameters<typeof read>[0]): Promise<DayPlan> => {
      const plan = await read(context);
      queryClient.setQueryData(trpc.trips.byId.queryKey({ id }), plan.trip);
      queryClient.setQueryData(trpc.trips.events.queryKey({ id }), plan.events);
      return plan;
    },
  };
}

const tripOf = (plan: DayPlan) => plan.trip;
const eventsOf = (plan: DayPlan) => plan.events;

/** The trip of the page's day plan, with the query's states. */
export function useDayPlanTrip(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...dayPlanQuery(trpc, useQueryClient(), id), select: tripOf });
}

/** The events of the page's day plan, in plan order, with the query's states. */
export function useDayPlanEvents(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...dayPlanQuery(trpc, useQueryClient(), id), select: eventsOf });
}
