/**
 * The pieces the routes' search schemas are built of (`validateSearch: z.object({ tab: tabParam(tabs) })`;
 * the router takes a zod schema as it is). Every param is optional, and one that is malformed is
 * dropped, so the screen falls back to its default instead of showing an error page. Unknown params are
 * dropped too. zod comes from @naav/schemas/zod, which sets it up for the browser's Content-Security-Policy.
 */
import { z } from '@naav/schemas/zod';

/** `schema` when the param is present and valid; otherwise nothing. */
export const optionalParam = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** One of a screen's tabs. */
export const tabParam = <const T extends readonly [string, ...string[]]>(tabs: T) => optionalParam(z.enum(tabs));

/** Free text as given (a redirect path, a token, an error code). */
export const textParam = optionalParam(z.string());

/** An id of at most 100 characters, not empty. */
export const idParam = optionalParam(z.string().min(1).max(100));

/** A calendar year. The router reads `?year=2027` as a number; a string of digits counts too. */
export const yearParam = optionalParam(
  z
    .union([z.number(), z.string()])
    .transform(Number)
    .pipe(z.number().int().min(1900).max(2200)),
);
