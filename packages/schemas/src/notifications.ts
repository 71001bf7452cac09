import { z } from 'zod';
import { isKnownZone } from './zones';

/**
 * What a person can be told, one kind per row of the settings matrix:
 * - `proposal_new`: a proposal (or a new version of it) was submitted to them (clients);
 * - `proposal_response`: their client opened a proposal for the first time, asked for revisions, accepted or declined (agents);
 * - `proposal_expiring`: a proposal they have not decided on expires in 3 days (clients);
 * - `concierge_reply`: the concierge answered them (travellers);
 * - `concierge_incoming`: a new concierge message or request (agents);
 * - `request_status`: a trip request's status changed (travellers);
 * - `family_invite`: they were invited to a family group, or a trip was shared with them;
 * - `trip_changes`: another member changed a shared trip (batched, at most once an hour per trip);
 * - `trip_tomorrow`: a trip of theirs starts tomorrow;
 * - `flight_checkin`: check-in opens, 24 h before a flight's departure in its own zone;
 * - `document_trip`: a passport or visa expires before a trip ends or within 6 months after (60 and 14 days before);
 * - `document_expiring`: a document expires within 90 days (once);
 * - `budget_over`: a trip's spending passed its budget (once);
 * - `booking_imported`: a mail sent to their forwarding address added bookings to a trip (or could not).
 */
export const notificationKinds = [
  'proposal_new',
  'proposal_response',
  'proposal_expiring',
  'concierge_reply',
  'concierge_incoming',
  'request_status',
  'family_invite',
  'trip_changes',
  'trip_tomorrow',
  'flight_checkin',
  'document_trip',
  'document_expiring',
  'budget_over',
  'booking_imported',
] as const;

export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const emailChoiceSchema = z.enum(['instant', 'digest', 'off']);
export type EmailChoice = z.infer<typeof emailChoiceSchema>;

export const channelChoiceSchema = z.object({ inbox: z.boolean(), email: emailChoiceSchema });
export type ChannelChoice = z.infer<typeof channelChoiceSchema>;

/** What a person gets before they change anything: everything in the inbox; mail at once for what needs acting on. */
export const defaultChannels: Record<NotificationKind, ChannelChoice> = {
  proposal_new: { inbox: true, email: 'instant' },
  proposal_response: { inbox: true, email: 'instant' },
  proposal_expiring: { inbox: true, email: 'instant' },
  concierge_reply: { inbox: true, email: 'instant' },
  concierge_incoming: { inbox: true, email: 'instant' },
  request_status: { inbox: true, email: 'digest' },
  family_invite: { inbox: true, email: 'instant' },
  trip_changes: { inbox: true, email: 'digest' },
  trip_tomorrow: { inbox: true, email: 'instant' },
  flight_checkin: { inbox: true, email: 'instant' },
  document_trip: { inbox: true, email: 'instant' },
  document_expiring: { inbox: true, email: 'digest' },
  budget_over: { inbox: true, email: 'instant' },
  booking_imported: { inbox: true, email: 'off' },
};

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the 24-hour form HH:MM');

export const quietHoursSchema = z.object({ start: clockTime, end: clockTime }).nullable();

/** `GET` / `PUT /api/notification-settings`. */
// An object with one property per kind (not a record), so the OpenAPI document names every kind.
const everyKind = z.object(
  Object.fromEntries(notificationKinds.map((kind) => [kind, channelChoiceSchema])) as Record<
    NotificationKind,
    typeof channelChoiceSchema
  >,
);

export const notificationSettingsSchema = z.object({
  channels: everyKind,
  quietHours: quietHoursSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** One inbox entry, as `GET /api/notifications` lists it. */
export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  link: z.string(),
  readAt: z.date().nullable(),
  createdAt: z.date(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** How the settings matrix, the mail's footer and the unsubscribe page name each kind. */
export const notificationKindLabels: Record<NotificationKind, { label: string; hint: string }> = {
  proposal_new: { label: 'New proposals', hint: 'A travel agent sends you a proposal or a new version of it' },
  proposal_response: { label: 'Replies to proposals', hint: 'A client opens, accepts, declines or asks to revise one' },
  proposal_expiring: {
    label: 'Proposals about to expire',
    hint: 'Three days before a proposal you have not decided on expires',
  },
  concierge_reply: { label: 'Concierge replies', hint: 'The concierge answers you' },
  concierge_incoming: { label: 'Concierge messages', hint: 'A new concierge message or request (travel team)' },
  request_status: { label: 'Request updates', hint: 'The status of one of your requests changes' },
  family_invite: {
    label: 'Invitations and shared trips',
    hint: 'You are added to a group, or a trip is shared with you',
  },
  trip_changes: { label: 'Changes to shared trips', hint: 'Someone else changes a trip you share (at most hourly)' },
  trip_tomorrow: { label: 'Trip starts tomorrow', hint: 'The day before a trip: first events and documents to carry' },
  flight_checkin: { label: 'Flight check-in', hint: '24 hours before a flight departs, in its own time zone' },
  document_trip: {
    label: 'Documents for a trip',
    hint: 'A passport or visa expires too soon for a trip (60 and 14 days before)',
  },
  document_expiring: { label: 'Documents expiring', hint: 'A document expires within 90 days' },
  budget_over: { label: 'Over budget', hint: "A trip's spending passes its budget" },
  booking_imported: { label: 'Forwarded bookings', hint: 'A mail sent to your forwarding address adds bookings' },
};

/**
 * `PUT /api/notification-settings`: the kinds left out take the defaults (a PUT replaces the
 * settings); `timeZone` is the zone quiet hours are read in (the browser's), kept when left out.
 */
export const notificationSettingsInput = z.object({
  channels: everyKind.partial().strict(),
  quietHours: quietHoursSchema.refine((q) => q === null || q.start !== q.end, {
    message: 'Quiet hours must end at another time than they start',
    path: ['end'],
  }),
  timeZone: z.string().refine(isKnownZone, 'Use an IANA time zone, such as Europe/Lisbon').optional(),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;
