import { id } from '@naav/schemas/fields';
import { z } from 'zod';

// The field schemas the web app checks its forms with too.
export {
  id,
  imageUrl,
  isOwnImage,
  isoDate,
  optionalText,
  ownImageMessage,
  ownImagePattern,
  requiredText,
  timeInput,
  timeOfDay,
  timeZone,
} from '@naav/schemas/fields';

export const idInput = z.object({ id });

/** `true`/`false` from a JSON body or, as words, from a query string. */
export const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).pipe(z.boolean());

/** Whole numbers in a query string arrive as text; JSON callers may send numbers. */
export const wholeNumber = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,13}$/, 'Must be a whole number').transform(Number)])
    .pipe(z.number().int().min(min).max(max));
