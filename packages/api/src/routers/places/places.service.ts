import { currencyOfCountryCode } from '../../lib/destination-info';
import { countryCodeIn, findPlace, timeZoneOf } from '../../lib/places';
import type { PlaceLookup } from './places.schemas';

/** Where a typed location is, which zone a trip there is in and what money is spent there, from the bundled tables. */
export function lookupPlace(query: string): PlaceLookup {
  const place = findPlace(query);
  const currency = currencyOfCountryCode(place ? place.countryCode : countryCodeIn(query));
  return {
    place: place ? { ...place } : null,
    timeZone: place?.timeZone ?? timeZoneOf(query),
    currency: currency?.code ?? null,
  };
}
