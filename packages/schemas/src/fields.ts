/**
 * The field schemas every input is built from. The server validates requests with them and the
 * web app checks its forms with the same ones before sending.
 */
import { z } from './zod';
import { isOwnImage, ownImageMessage } from './own-image';

export { isOwnImage, ownImageMessage, ownImagePattern } from './own-image';

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date();

/** The earliest and latest day a trip may start or end on (the trip form, the API, and dates a booking import extends a trip to). */
export const tripDateBounds = { earliest: '1970-01-01', latest: '2099-12-31' } as const;
export const tripDateBoundsMessage = 'Choose a date between 1970 and 2099';
export const isTripDateInBounds = (date: string) => date >= tripDateBounds.earliest && date <= tripDateBounds.latest;
/** A trip's start or end date: a real day within tripDateBounds. */
export const tripDate = isoDate.refine(isTripDateInBounds, tripDateBoundsMessage);
/** A local time of day, HH:MM:SS. */
export const timeOfDay = z.iso.time({ precision: 0 });
/** Ids are opaque strings. */
export const id = z.string().min(1).max(100);

/** Optional free text: trimmed; an empty string means "none" (null). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A required label: trimmed, 1..max characters. */
export const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);

/** HH:MM or HH:MM:SS, stored as HH:MM:SS. */
export const timeInput = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Use a 24-hour time, HH:MM')
  .transform((t) => (t.length === 5 ? `${t}:00` : t));

/** An image of the app's own (see ownImagePattern); empty means none (null). */
export const imageUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || isOwnImage(v), ownImageMessage)
  .nullish()
  .transform((v) => (v ? v : null));

export const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/** The end of a date range cannot come before its start (checked when both are given). */
export const endDateNotBeforeStart = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
  }
};

/** The end of a time range cannot come before its start (checked when both are given). */
export const endTimeNotBeforeStart = (
  v: { startTime?: string | null; endTime?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (v.startTime && v.endTime && v.endTime < v.startTime) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The end time cannot be before the start time' });
  }
};
