import { z } from 'zod';

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z.iso.date();
/** A local time of day, HH:MM:SS. */
export const timeOfDay = z.iso.time({ precision: 0 });
/** Ids are opaque strings. */
export const id = z.string().min(1).max(100);
export const idInput = z.object({ id });
