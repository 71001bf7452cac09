import { z } from 'zod';
import { requiredText } from '../../lib/schemas';

/** GET /api/places/lookup?query=…: a location as a traveller writes it, e.g. "Oia, Santorini, Greece". */
export const placeLookupInput = z.object({ query: requiredText(160) });

const placeSchema = z.object({
  name: z.string(),
  /** English name of the country, e.g. "United States". */
  country: z.string(),
  /** ISO 3166-1 alpha-2, null for the few disputed areas without one. */
  countryCode: z.string().length(2).nullable(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** IANA time zone, e.g. "Europe/Athens". */
  timeZone: z.string(),
});

export const placeLookupSchema = z
  .object({
    /** The place the query names, or null when none of its comma-separated parts is known. */
    place: placeSchema.nullable(),
    /**
     * The zone to prefill for a trip there: the place's, else that of a country the query
     * names when the country lies in one zone only; null when neither is known.
     */
    timeZone: z.string().nullable(),
    /**
     * The ISO 4217 code of the currency of the country the query is in (the place's, else a
     * country it names), to suggest as a trip's base currency; null when no country is known.
     */
    currency: z.string().length(3).nullable(),
  })
  .meta({ id: 'PlaceLookup' });
export type PlaceLookup = z.infer<typeof placeLookupSchema>;
