import { findPlace, timeZoneOf } from '../../lib/places';
import type { PlaceLookup } from './places.schemas';

/** Where a typed location is and which zone a trip there is in, from the bundled city table. */
export function lookupPlace(query: string): PlaceLookup {
  const place = findPlace(query);
  return { place: place ? { ...place } : null, timeZone: place?.timeZone ?? timeZoneOf(query) };
}
