import { accessLevels } from '@naav/schemas/family';
import { eventStatuses, eventTypes } from '@naav/schemas/trips';
import { z } from 'zod';
import { builtFromColumns } from '../../lib/built-from-columns';
import { id, isoDate, timeOfDay } from '../../lib/schemas';
import { minorUnitsOf } from '@naav/schemas/money';

export const tripStatuses = ['current', 'upcoming', 'past', 'cancelled'] as const;

export const tripSchema = z
  .object({
    id,
    title: z.string(),
    destination: z.string(),
    location: z.string(),
    startDate: isoDate,
    endDate: isoDate,
    status: z.enum(tripStatuses),
    timeZone: z.string(),
    imageUrl: z.string().nullable(),
    description: z.string().nullable(),
    accommodation: z.string().nullable(),
    transportation: z.string().nullable(),
    notes: z.string().nullable(),
    hotelPhone: z.string().nullable(),
    conciergePhone: z.string().nullable(),
    baseCurrency: z.string().length(3),
    /** Minor units of baseCurrency, null when no budget is set. */
    budgetTotal: z.number().int().nullable().meta(minorUnitsOf('The budget (null: none set)', 'baseCurrency')),
    /**
     * What the signed-in user may do with it: `owner` everything; through a family group it is
     * shared with, `admin` and `edit` change it and its events, `view` reads it.
     */
    access: z.enum(accessLevels),
    /** Who shared it with the signed-in user (the owner's display name only); null on one's own trip. */
    sharedBy: z.object({ name: z.string() }).nullable(),
  })
  .meta({ id: 'Trip' });
// Built by the services from the trip's columns (trip-columns.ts): not checked again in production.
builtFromColumns(tripSchema);
export type Trip = z.infer<typeof tripSchema>;

export const eventSchema = z
  .object({
    id,
    tripId: id,
    title: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    date: isoDate,
    startTime: timeOfDay.nullable(),
    endTime: timeOfDay.nullable(),
    type: z.enum(eventTypes),
    status: z.enum(eventStatuses),
    /** IANA zone of the start (and of `startTime`); the trip's unless the event was given its own. */
    timeZone: z.string(),
    /** The local day of the end when it is not `date` (an overnight journey); null: the same day. */
    endDate: isoDate.nullable(),
    /** IANA zone of the end (and of `endTime`); null: the same as `timeZone`. */
    endTimeZone: z.string().nullable(),
    /** Where a journey ends (arrival airport or city); null: not given. */
    endLocation: z.string().nullable(),
    /** The booking reference; null: none. */
    confirmationNumber: z.string().nullable(),
  })
  .meta({ id: 'Event' });
export type TripEvent = z.infer<typeof eventSchema>;

/** The trip page's day plan: the trip and its events, in the order of its plan. */
export const dayPlanSchema = z.object({ trip: tripSchema, events: z.array(eventSchema) }).meta({ id: 'DayPlan' });
export type DayPlan = z.infer<typeof dayPlanSchema>;

export const companionSchema = z
  .object({
    id,
    name: z.string(),
    relationship: z.string(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'Companion' });
export type Companion = z.infer<typeof companionSchema>;

export const savedSchema = z.object({ tripId: id, saved: z.boolean() }).meta({ id: 'SavedTrip' });

// The inputs the web app's forms check too.
export { createTripInput, updateTripInput, type CreateTripInput, type UpdateTripInput } from '@naav/schemas/trips';

/** GET /api/trips/{id}/local-info?date=…: `date` picks the month of the typical weather (default: today there). */
export const localInfoInput = z.object({ id, date: isoDate.optional() });

export const localInfoSchema = z
  .object({
    emergencyNumber: z.literal('112'),
    /** The local currency of the destination (not the trip's budget currency); null when the country is unknown. */
    currency: z.object({ code: z.string().length(3), name: z.string(), symbol: z.string() }).nullable(),
    timeZone: z.string(),
    /** The zone's offset from UTC now, e.g. "UTC+01:00". */
    utcOffset: z.string().regex(/^UTC[+-]\d{2}:\d{2}$/),
    coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
    /** Climate normals for the month (never a forecast); estimated from the latitude for cities not in the table. */
    typicalWeather: z
      .object({ month: z.string(), highC: z.number(), lowC: z.number(), summary: z.string() })
      .nullable(),
  })
  .meta({ id: 'LocalInfo' });
