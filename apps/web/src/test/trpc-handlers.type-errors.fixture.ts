// Compile-time checks of the msw helpers' types, run by `tsc --noEmit` (never executed: the
// handlers are built but never handed to a server). Each @ts-expect-error must stay an error: if
// a change made the line compile (say, the helpers went back to `data: unknown`), tsc fails on
// the unused directive.
import { aTrip } from './fixtures';
import {
  trpcError,
  trpcFieldError,
  trpcMutation,
  trpcPending,
  trpcQuery,
  trpcQueryFrom,
  type OutputOf,
} from './trpc-handlers';

export function trpcHandlerTypeErrorFixture(): unknown[] {
  const handlers: unknown[] = [
    // --- Correct uses: these must compile.
    trpcQuery('trips.current', aTrip()),
    trpcQuery('trips.list', [aTrip(), aTrip({ id: 'trip-2', status: 'upcoming' })]),
    trpcQuery('family.tripAccess', { tripId: 'trip-1', access: 'owner' }),
    trpcQueryFrom('trips.byId', ({ id }) => aTrip({ id })),
    trpcMutation('trips.save', ({ id }) => ({ tripId: id, saved: true })),
    trpcError('trips.current', 'NOT_FOUND'),
    trpcPending('trips.list'),
    trpcFieldError('trips.create', 'endDate', 'Must be on or after the start date'),

    // --- A procedure that does not exist.
    // @ts-expect-error no procedure is called trips.curent
    trpcQuery('trips.curent', aTrip()),
    // @ts-expect-error a router is not a procedure
    trpcQuery('trips', []),
    // @ts-expect-error trips.save is a mutation: a GET handler would never be asked
    trpcQuery('trips.save', { tripId: 'trip-1', saved: true }),
    // @ts-expect-error trips.current is a query: a POST handler would never be asked
    trpcMutation('trips.current', () => aTrip()),
    // @ts-expect-error errors too are keyed by a real query
    trpcError('trips.nope', 'NOT_FOUND'),

    // --- Data that drifted from the API.
    // @ts-expect-error a trip without most of its fields
    trpcQuery('trips.current', { id: 'trip-1', title: 'Lisbon' }),
    // @ts-expect-error the status is one of the four the API knows
    trpcQuery('trips.current', aTrip({ status: 'postponed' })),
    // @ts-expect-error budgetTotal is minor units (a number), not a formatted string
    trpcQuery('trips.current', { ...aTrip(), budgetTotal: '1,200.00' }),
    // @ts-expect-error trips.list answers a list, not one trip
    trpcQuery('trips.list', aTrip()),
    // @ts-expect-error the access is owner, admin, edit or view
    trpcQuery('family.tripAccess', { tripId: 'trip-1', access: 'superuser' }),
    // @ts-expect-error a mutation's answer is checked as well: save answers { tripId, saved }
    trpcMutation('trips.save', () => ({ ok: true })),
    // @ts-expect-error and its input is the procedure's: trips.byId takes { id }, not { tripId }
    trpcQueryFrom('trips.byId', ({ tripId }) => aTrip({ id: tripId })),
  ];
  // An answer type is the procedure's output.
  const access: OutputOf<'family.tripAccess'>['access'] = 'view';
  // @ts-expect-error not an access the API answers
  const wrongAccess: OutputOf<'family.tripAccess'>['access'] = 'superuser';
  return [...handlers, access, wrongAccess];
}
