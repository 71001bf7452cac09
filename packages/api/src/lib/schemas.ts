import { z } from 'zod';

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date();
/** A local time of day, HH:MM:SS. */
export const timeOfDay = z.iso.time({ precision: 0 });
/** Ids are opaque strings. */
export const id = z.string().min(1).max(100);
export const idInput = z.object({ id });

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

/**
 * The app's own images only: a picture it ships (`/images/…`) or an uploaded photo
 * (`/api/photos/{id}/file` or `…/thumbnail`). An outside address would make every visitor's
 * browser (the public share page's too) call a host we do not control.
 */
export const ownImagePattern = /^(\/images\/(?!.*\.\.)[\w.-]+(\/[\w.-]+)*|\/api\/photos\/[\w-]{1,100}\/(file|thumbnail))$/;
export const ownImageMessage = "Use one of the app's pictures (/images/…) or an uploaded photo (/api/photos/{id}/file)";
export const isOwnImage = (url: string) => ownImagePattern.test(url);

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

/** `true`/`false` from a JSON body or, as words, from a query string. */
export const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).pipe(z.boolean());

/** Whole numbers in a query string arrive as text; JSON callers may send numbers. */
export const wholeNumber = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,13}$/, 'Must be a whole number').transform(Number)])
    .pipe(z.number().int().min(min).max(max));
