import type { AppRouter } from '@naav/api';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** What each procedure returns and takes, inferred from the server's routers. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

export type Trip = RouterOutputs['trips']['current'];
export type TripEvent = RouterOutputs['trips']['todaysEvents'][number];
export type Travel = RouterOutputs['journal']['history'][number];
export type Inspiration = RouterOutputs['inspirations']['list'][number];
