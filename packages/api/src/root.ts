import { router } from './trpc';
import { adminRouter } from './routers/admin/admin.router';
import { invitationsRouter } from './routers/invitations/invitations.router';
import { availabilityRouter } from './routers/availability/availability.router';
import { bookingsRouter } from './routers/bookings/bookings.router';
import { calendarTripsRouter } from './routers/calendar-trips/calendar-trips.router';
import { inboundRouter } from './routers/inbound/inbound.router';
import { clientsRouter } from './routers/clients/clients.router';
import { conciergeRouter } from './routers/concierge/concierge.router';
import { deskRouter } from './routers/desk/desk.router';
import { companionsRouter } from './routers/companions/companions.router';
import { documentsRouter } from './routers/documents/documents.router';
import { budgetRouter } from './routers/budget/budget.router';
import { expensesRouter } from './routers/expenses/expenses.router';
import { balancesRouter } from './routers/balances/balances.router';
import { eventsRouter } from './routers/events/events.router';
import { familyRouter } from './routers/family/family.router';
import { inspirationsRouter } from './routers/inspirations/inspirations.router';
import { interestsRouter } from './routers/interests/interests.router';
import { wishlistRouter } from './routers/wishlist/wishlist.router';
import { liveRouter } from './routers/live/live.router';
import { meRouter } from './routers/me/me.router';
import { notificationSettingsRouter } from './routers/notification-settings/notification-settings.router';
import { packingRouter } from './routers/packing/packing.router';
import { packingTemplatesRouter } from './routers/packing-templates/packing-templates.router';
import { todosRouter } from './routers/todos/todos.router';
import { notificationsRouter } from './routers/notifications/notifications.router';
import { occasionsRouter } from './routers/occasions/occasions.router';
import { proposalsRouter } from './routers/proposals/proposals.router';
import { photosRouter } from './routers/photos/photos.router';
import { placesRouter } from './routers/places/places.router';
import { sessionsRouter } from './routers/sessions/sessions.router';
import { sharedRouter } from './routers/shared/shared.router';
import { systemRouter } from './routers/system/system.router';
import { journalRouter } from './routers/journal/journal.router';
import { tripRequestsRouter } from './routers/trip-requests/trip-requests.router';
import { tokensRouter } from './routers/tokens/tokens.router';
import { tripsRouter } from './routers/trips/trips.router';
import { webhooksRouter } from './routers/webhooks/webhooks.router';

export const appRouter = router({
  system: systemRouter,
  me: meRouter,
  sessions: sessionsRouter,
  tokens: tokensRouter,
  webhooks: webhooksRouter,
  trips: tripsRouter,
  events: eventsRouter,
  companions: companionsRouter,
  photos: photosRouter,
  tripRequests: tripRequestsRouter,
  shared: sharedRouter,
  journal: journalRouter,
  inspirations: inspirationsRouter,
  clients: clientsRouter,
  availability: availabilityRouter,
  occasions: occasionsRouter,
  concierge: conciergeRouter,
  desk: deskRouter,
  family: familyRouter,
  proposals: proposalsRouter,
  notifications: notificationsRouter,
  interests: interestsRouter,
  wishlist: wishlistRouter,
  documents: documentsRouter,
  expenses: expensesRouter,
  balances: balancesRouter,
  budget: budgetRouter,
  bookings: bookingsRouter,
  inbound: inboundRouter,
  calendarTrips: calendarTripsRouter,
  places: placesRouter,
  live: liveRouter,
  packing: packingRouter,
  packingTemplates: packingTemplatesRouter,
  todos: todosRouter,
  notificationSettings: notificationSettingsRouter,
  admin: adminRouter,
  invitations: invitationsRouter,
});

export type AppRouter = typeof appRouter;

/** Procedures anyone may call without signing in; every other one requires a session. */
export const publicProcedurePaths = [
  'system.health',
  'system.demo',
  'shared.trip',
  'shared.calendar',
  'notificationSettings.unsubscribe',
  'invitations.get',
  'invitations.accept',
] as const;
