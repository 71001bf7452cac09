/**
 * What a booking is, as the importer's readers build it and POST /api/trips/{id}/bookings takes it;
 * the Import booking dialog checks its requests with the same schemas.
 */
import { isValid, parseISO } from 'date-fns';
import { z } from './zod';
import { id, optionalText, requiredText, timeZone } from './fields';
import { minorUnitsOf } from './money';

/** What a booking is for; journeys (flight, train, bus, boat) become one event from departure to arrival. */
export const bookingTypes = ['flight', 'train', 'bus', 'boat', 'lodging', 'car_rental', 'restaurant', 'event'] as const;
export type BookingType = (typeof bookingTypes)[number];
export const journeyTypes: readonly BookingType[] = ['flight', 'train', 'bus', 'boat'];

/**
 * Where a booking was found: schema.org markup (JSON-LD or microdata), a calendar, a wallet pass, a
 * boarding pass's barcode text, or plain text read without markup (which the preview asks to check).
 */
export const bookingSourceKinds = ['json-ld', 'microdata', 'ics', 'pkpass', 'barcode', 'text'] as const;
export type BookingSourceKind = (typeof bookingSourceKinds)[number];

/** 10^12 minor units, as for expenses. */
const maxAmount = 1_000_000_000_000;

const isoDateTime = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 date (all-day) or date-time with the offset the source gave; a time without
 * offset is local time where the booking is (its `timeZone`, else the trip's).
 */
export const bookingDateTime = z
  .string()
  .trim()
  .max(40)
  .refine(
    (v) => isoDateTime.test(v) && isValid(parseISO(v)),
    'Use an ISO 8601 date or date-time, e.g. 2027-03-04T20:15:00-08:00',
  );

const nullableText = (max: number) => optionalText(max).default(null);
const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullish().default(null);

export const bookingPlaceSchema = z.object({
  name: nullableText(200),
  /** IATA airport or station code. */
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{3,5}$/, 'Use a 3-letter IATA code')
    .transform((v) => v.toUpperCase())
    .nullish()
    .default(null),
  address: nullableText(300),
  latitude: coordinate(90),
  longitude: coordinate(180),
});
export type BookingPlace = z.infer<typeof bookingPlaceSchema>;

export const bookingSchema = z.object({
  type: z.enum(bookingTypes),
  title: requiredText(200),
  confirmationNumber: nullableText(100),
  provider: nullableText(200),
  /** Flight or train number with its carrier code, e.g. UA110. */
  number: nullableText(40),
  start: bookingDateTime,
  end: bookingDateTime.nullish().default(null),
  /** The IANA zone of the start, when known. */
  timeZone: timeZone.nullish().default(null),
  startLocation: bookingPlaceSchema.nullish().default(null),
  endLocation: bookingPlaceSchema.nullish().default(null),
  travellers: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  /** A seat on a journey, e.g. 12A. */
  seat: nullableText(200),
  /** Minor units (1/100) of `currency`. */
  price: z
    .object({
      amount: z
        .number()
        .int('Must be whole minor units')
        .min(0)
        .max(maxAmount)
        .meta(minorUnitsOf('The price', '`currency`')),
      currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as EUR'),
    })
    .nullish()
    .default(null),
  cancelled: z.boolean().default(false),
  source: z.object({ kind: z.enum(bookingSourceKinds), file: nullableText(255) }).default({ kind: 'text', file: null }),
});
export type Booking = z.infer<typeof bookingSchema>;

/** The same booking as the server answers it (no defaults or transforms: what leaves is already clean). */
const place = z.object({
  name: z.string().nullable(),
  code: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export const bookingOutputSchema = z.object({
  type: z.enum(bookingTypes),
  title: z.string(),
  confirmationNumber: z.string().nullable(),
  provider: z.string().nullable(),
  number: z.string().nullable(),
  start: z.string(),
  end: z.string().nullable(),
  timeZone: z.string().nullable(),
  startLocation: place.nullable(),
  endLocation: place.nullable(),
  travellers: z.array(z.string()),
  seat: z.string().nullable(),
  price: z
    .object({ amount: z.number().int().meta(minorUnitsOf('The price', '`currency`')), currency: z.string() })
    .nullable(),
  cancelled: z.boolean(),
  source: z.object({ kind: z.enum(bookingSourceKinds), file: z.string().nullable() }),
});
/** A booking as the readers build it, before the schema's defaults. */
export type BookingDraft = Booking;

/** Upload limits of POST /api/trips/{id}/bookings/preview (multipart). */
export const maxBookingFiles = 10;
export const maxBookingFileBytes = 5 * 1024 * 1024;
/** Pasted text (an e-mail's source or a page's HTML), within the 1 MB JSON body. */
export const maxBookingTextLength = 900_000;
export const maxBookingsPerImport = 50;

/** POST /api/trips/{id}/bookings/preview with a JSON body: a pasted e-mail or page. */
export const previewTextInput = z.object({
  id,
  text: z
    .string()
    .trim()
    .min(1, 'Paste an e-mail or page')
    .max(maxBookingTextLength, 'At most 900,000 characters: upload the file instead'),
});

export const importBookingInput = bookingSchema.extend({
  /** Also add the price as an expense of the trip, in the booking's currency. */
  addExpense: z.boolean().default(false),
});
export type ImportBooking = z.infer<typeof importBookingInput>;

/** POST /api/trips/{id}/bookings. */
export const importBookingsInput = z.object({
  id,
  bookings: z
    .array(importBookingInput)
    .min(1, 'Choose at least one booking')
    .max(maxBookingsPerImport, `At most ${maxBookingsPerImport} bookings at a time`),
  /** Move the trip's first or last day to take in bookings outside its dates (else those are refused). */
  extendTrip: z.boolean().default(false),
});
export type ImportBookingsInput = z.infer<typeof importBookingsInput>;
