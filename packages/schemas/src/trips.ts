/** What a trip and its itinerary events accept: the API's inputs and the web forms' checks. */
import { z } from './zod';
import { maxAmount } from './budget';
import {
  endDateNotBeforeStart,
  id,
  imageUrl,
  isoDate,
  tripDate,
  optionalText,
  requiredText,
  timeInput,
  timeZone,
} from './fields';
import { endsBeforeStart } from './zones';
import { minorUnitsOf } from './money';

export const eventTypes = ['transportation', 'accommodation', 'activity', 'meal'] as const;
export type EventType = (typeof eventTypes)[number];
export const eventStatuses = ['confirmed', 'pending', 'delayed', 'cancelled'] as const;
export type EventStatus = (typeof eventStatuses)[number];

/** The editable fields of a trip, as the Edit Trip Details dialog and POST /api/trips send them. */
const tripFields = {
  title: requiredText(120),
  destination: requiredText(120),
  location: requiredText(160),
  startDate: tripDate,
  endDate: tripDate,
  timeZone: timeZone.optional(),
  imageUrl,
  description: optionalText(2000),
  accommodation: optionalText(300),
  transportation: optionalText(300),
  notes: optionalText(2000),
  hotelPhone: optionalText(40),
  conciergePhone: optionalText(40),
  baseCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as USD')
    .optional(),
};

/**
 * The trip's budget when it is made, in minor units (1/100) of baseCurrency; null or absent for
 * none. Changed later with the budget tracker (PUT /api/trips/{id}/budget), which keeps it above
 * what is allocated to categories.
 */
const budgetTotal = z
  .number({ error: 'Enter the budget as a number' })
  .int('Enter the budget in minor units (a whole number)')
  .min(0, 'The budget cannot be negative')
  .max(maxAmount, 'The budget is too large')
  .nullish()
  .meta(minorUnitsOf('The budget (null or absent: none)', 'baseCurrency'));

export const createTripInput = z.object({ ...tripFields, budgetTotal }).superRefine(endDateNotBeforeStart);
export type CreateTripInput = z.infer<typeof createTripInput>;

// `id` stays a plain string (not partial().required()'s nonoptional wrapper): the OpenAPI
// generator accepts only plain scalars as path parameters.
export const updateTripInput = z.object(tripFields).partial().extend({ id }).superRefine(endDateNotBeforeStart);
export type UpdateTripInput = z.infer<typeof updateTripInput>;

const eventFields = {
  title: requiredText(160),
  type: z.enum(eventTypes),
  /** The day within the trip. */
  date: isoDate,
  startTime: timeInput.nullish(),
  endTime: timeInput.nullish(),
  location: optionalText(200),
  description: optionalText(1000),
  status: z.enum(eventStatuses).optional(),
  /** IANA zone of the start; left out or null: the trip's zone. */
  timeZone: timeZone.nullish(),
  /** The local day of the end when it is later (or, over the date line, earlier) than `date`; null: the same day. */
  endDate: isoDate.nullish(),
  /** IANA zone of the end (a flight's arrival); null: the start's. */
  endTimeZone: timeZone.nullish(),
  /** Where a journey ends (arrival airport or city). */
  endLocation: optionalText(200),
  /** The booking reference. */
  confirmationNumber: optionalText(60),
};

type Span = Parameters<typeof endsBeforeStart>[0];

/** The end, placed in its own zone, must not come before the start placed in its own. */
const endNotBeforeStart = (v: Span, ctx: z.RefinementCtx) => {
  // Without its own zone the start is in the trip's, which only the server knows.
  if (!v.timeZone && v.endTimeZone) return;
  if (!endsBeforeStart(v)) return;
  const path = v.endTime && v.startTime ? 'endTime' : 'endDate';
  const what = path === 'endTime' ? 'time' : 'date';
  ctx.addIssue({ code: 'custom', path: [path], message: `The end ${what} cannot be before the start ${what}` });
};

/** A change is checked here only when it says the whole span; the server checks it merged with the stored event. */
const changedEndNotBeforeStart = (v: Partial<Span>, ctx: z.RefinementCtx) => {
  const whole = ['date', 'startTime', 'endDate', 'endTime', 'timeZone', 'endTimeZone'].every(
    (k) => (v as Record<string, unknown>)[k] !== undefined,
  );
  if (whole && v.date) endNotBeforeStart(v as Span, ctx);
};

/** POST /api/trips/{id}/events: `id` is the trip's. */
export const createEventInput = z.object({ id, ...eventFields }).superRefine(endNotBeforeStart);
export type CreateEventInput = z.infer<typeof createEventInput>;

// `id` stays a plain string: the OpenAPI generator rejects a nonoptional path parameter.
export const updateEventInput = z.object(eventFields).partial().extend({ id }).superRefine(changedEndNotBeforeStart);
export type UpdateEventInput = z.infer<typeof updateEventInput>;
