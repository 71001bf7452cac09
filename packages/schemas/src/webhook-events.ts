import { z } from 'zod';
import type { WebhookEventType } from './webhooks';

// What each webhook event's `data` holds: the outbox is typed by these (webhookInsert takes
// `WebhookData<type>`), and the OpenAPI document's `webhooks:` block is built from them.

const isoDate = z.string().describe('A date, YYYY-MM-DD');
const changes = z
  .record(z.string(), z.unknown())
  .describe('The fields the change set, with their new values (as the PATCH that made it sent them)');

const proposalData = z
  .object({
    proposalId: z.string(),
    status: z.string().describe('The status the proposal moved to'),
    previousStatus: z.string().describe('The status it had before'),
    version: z.number().int().describe('How many times it was submitted'),
    clientId: z.string(),
    agentId: z.string().nullable(),
    title: z.string(),
    destination: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    tripId: z.string().optional().describe('On proposal.accepted: the trip the proposal became'),
    comment: z.string().optional().describe('On proposal.revisions_requested: what the client asked for'),
  })
  .meta({ id: 'ProposalWebhookData', description: 'A proposal that moved from one status to another.' });

const tripCreatedData = z
  .looseObject({
    tripId: z.string(),
    title: z.string(),
    location: z.string(),
    destination: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    timeZone: z.string().describe('The IANA time zone of the trip'),
  })
  .meta({ id: 'TripCreatedWebhookData', description: 'A trip as created, with the other fields it was created with.' });

const tripUpdatedData = z
  .object({ tripId: z.string(), changes })
  .meta({ id: 'TripUpdatedWebhookData', description: 'The fields of a trip that changed.' });

const tripCancelledData = z
  .object({ tripId: z.string(), cancelledAt: z.iso.datetime() })
  .meta({ id: 'TripCancelledWebhookData', description: 'A trip that was cancelled.' });

const eventCreatedData = z
  .looseObject({
    tripId: z.string(),
    eventId: z.string(),
    title: z.string(),
    date: isoDate,
    endDate: isoDate.nullish(),
    startTime: z.string().nullish().describe('HH:MM, local to the event'),
    endTime: z.string().nullish().describe('HH:MM, local to the event'),
  })
  .meta({ id: 'EventCreatedWebhookData', description: 'An event added to a trip, with the fields it was added with.' });

const eventUpdatedData = z
  .object({ tripId: z.string(), eventId: z.string(), changes })
  .meta({ id: 'EventUpdatedWebhookData', description: 'The fields of a trip event that changed.' });

const eventDeletedData = z
  .object({ tripId: z.string(), eventId: z.string(), title: z.string(), date: isoDate })
  .meta({ id: 'EventDeletedWebhookData', description: 'A trip event that was deleted.' });

const expenseData = z
  .object({
    tripId: z.string(),
    expenseId: z.string(),
    title: z.string(),
    amount: z.number().int().describe('In minor units of `currency` (cents for USD)'),
    currency: z.string().describe('ISO 4217 code'),
    amountBase: z.number().int().optional().describe("In minor units of the trip's base currency"),
    paidBy: z.string().nullable().optional().describe('The user id of who paid'),
  })
  .meta({ id: 'ExpenseWebhookData', description: 'An expense added, changed or deleted.' });

const conciergeMessageData = z
  .object({
    messageId: z.string(),
    travellerId: z.string(),
    sender: z.enum(['user', 'concierge']),
    agentId: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'ConciergeMessageWebhookData', description: 'A message in a traveller’s concierge conversation.' });

const conciergeRequestData = z
  .object({
    requestId: z.string(),
    travellerId: z.string(),
    title: z.string(),
    type: z.string(),
    status: z.string(),
    assigneeId: z.string().nullable(),
    previousStatus: z.string().optional().describe('On a status move: the status before'),
  })
  .meta({
    id: 'ConciergeRequestWebhookData',
    description: 'A concierge request as the traveller sees it (never the agents’ notes).',
  });

const bookingImportedData = z
  .object({
    tripId: z.string(),
    bookings: z
      .array(
        z.object({
          title: z.string(),
          type: z.string().describe('flight, train, bus, boat, car_rental, lodging, restaurant or event'),
          confirmationNumber: z.string().nullable(),
          status: z.enum(['added', 'cancelled']).describe('Added to the trip, or a cancellation of an earlier import'),
          eventIds: z.array(z.string()).describe('The trip events it added (or marked cancelled)'),
        }),
      )
      .min(1),
    startDate: isoDate.describe("The trip's first day after the import (an import may extend it)"),
    endDate: isoDate.describe("The trip's last day after the import"),
  })
  .meta({
    id: 'BookingImportedWebhookData',
    description:
      'Bookings imported into a trip (uploaded, pasted or forwarded by mail): those added and those cancelled; bookings it already had are left out.',
  });

const testData = z
  .object({ webhookId: z.string(), message: z.string() })
  .meta({ id: 'TestWebhookData', description: 'Sent by "Send test event".' });

/** The `data` of each event, by its type. */
export const webhookEventData = {
  'proposal.submitted': proposalData,
  'proposal.accepted': proposalData,
  'proposal.declined': proposalData,
  'proposal.revisions_requested': proposalData,
  'trip.created': tripCreatedData,
  'trip.updated': tripUpdatedData,
  'trip.cancelled': tripCancelledData,
  'event.created': eventCreatedData,
  'event.updated': eventUpdatedData,
  'event.deleted': eventDeletedData,
  'expense.created': expenseData,
  'expense.updated': expenseData,
  'expense.deleted': expenseData,
  'concierge.message': conciergeMessageData,
  'concierge.request.updated': conciergeRequestData,
  'booking.imported': bookingImportedData,
  'webhook.test': testData,
} as const satisfies Record<WebhookEventType, z.ZodType>;

/** What `webhookInsert` takes as the data of an event of `type`. */
export type WebhookData<T extends WebhookEventType> = z.input<(typeof webhookEventData)[T]>;
