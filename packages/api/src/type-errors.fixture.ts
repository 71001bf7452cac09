// Compile-time checks of the API's types, run by `tsc --noEmit` (never executed: nothing
// here runs on import). Each @ts-expect-error must stay an error: if a change made the
// line compile (say, an input schema widened to `any`), tsc fails on the unused directive.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from './root';
import { appRouter } from './root';
import { createCallerFactory } from './trpc';
import type { Context } from './context';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

export async function typeErrorFixture(ctx: Context): Promise<void> {
  const caller = createCallerFactory(appRouter)(ctx);

  // --- Correct uses: these must compile.
  const trip = await caller.trips.current();
  const title: string = trip.title;
  const startDate: string = trip.startDate;
  const budget: number | null = trip.budgetTotal;
  const status: 'current' | 'upcoming' | 'past' | 'cancelled' = trip.status;
  const one = await caller.trips.byId({ id: 'trip-lisbon' });
  const events = await caller.trips.events({ id: one.id });
  const firstStart: string | null | undefined = events[0]?.startTime;
  const highlights: string[] | undefined = (await caller.journal.history())[0]?.highlights;
  const me = await caller.me.get();
  const role: 'client' | 'agent' | 'admin' = me.role;
  const byIdInput: Inputs['trips']['byId'] = { id: 'trip-kyoto' };
  const companions: Outputs['trips']['companions'] = await caller.trips.companions(byIdInput);
  void [title, startDate, budget, status, firstStart, highlights, role, companions];

  // --- Wrong inputs.
  // @ts-expect-error the id is a string, not a number
  await caller.trips.byId({ id: 42 });
  // @ts-expect-error byId needs an id
  await caller.trips.byId({});
  // @ts-expect-error byId needs an input at all
  await caller.trips.byId();
  // @ts-expect-error the input field is `id`, not `tripId`
  const wrongField: Inputs['trips']['events'] = { tripId: 'trip-lisbon' };
  void wrongField;

  // --- Misspelled procedures and routers.
  // @ts-expect-error there is no trips.currnt
  await caller.trips.currnt();
  // @ts-expect-error there is no trip router (it is `trips`)
  await caller.trip.current();

  // --- Wrong uses of outputs.
  // @ts-expect-error startDate is an ISO date string, not a number
  const asNumber: number = trip.startDate;
  // @ts-expect-error trips carry no such field
  void trip.nonexistent;
  // @ts-expect-error internal columns never leave the server
  void trip.ownerId;
  // @ts-expect-error a status is one of four words, not any string
  const badStatus: Outputs['trips']['current']['status'] = 'ongoing';
  // @ts-expect-error budgetTotal may be null: it cannot be used as a plain number
  const budgetNumber: number = trip.budgetTotal;
  // @ts-expect-error a list is an array, not a single trip
  void (await caller.trips.list()).title;
  void [asNumber, badStatus, budgetNumber];
}
