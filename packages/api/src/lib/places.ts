// Where a typed location is, with no call to any map service: the city table of the
// `city-timezones` package (about 7,300 cities with coordinates, country and IANA zone) and,
// over it, a short hand-kept list of islands, regions and landmarks the table lacks or spells
// otherwise (Oia, Santorini, Machu Picchu, Marrakech for its Marrakesh). Matching ignores case
// and accents and tries each comma-separated part of the location, most specific first
// ("Oia, Santorini, Greece" → Oia, then Santorini, then Greece); the other parts pick among
// cities of the same name ("Valencia, Venezuela", "Perth, United Kingdom").

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface Place {
  name: string;
  /** The country's English name, as Intl.DisplayNames gives it ("United States", "Czechia"). */
  country: string;
  /** ISO 3166-1 alpha-2, or null for the few disputed areas the table has without one. */
  countryCode: string | null;
  latitude: number;
  longitude: number;
  /** IANA time zone. */
  timeZone: string;
}

type OverlayRow = Omit<Place, 'country'>;

// Places the city table lacks under these names, to four decimals, with their zones (the
// zone of the nearest table city, or the island's own: Madeira, the Canaries, Easter Island).
// Names are unique even without accents.
const overlayRows: OverlayRow[] = [
  { name: 'Lagos', countryCode: 'PT', latitude: 37.1028, longitude: -8.6731, timeZone: 'Europe/Lisbon' },
  { name: 'Sintra', countryCode: 'PT', latitude: 38.8029, longitude: -9.3817, timeZone: 'Europe/Lisbon' },
  { name: 'Madeira', countryCode: 'PT', latitude: 32.7607, longitude: -16.9595, timeZone: 'Atlantic/Madeira' },
  { name: 'Azores', countryCode: 'PT', latitude: 37.7804, longitude: -25.497, timeZone: 'Atlantic/Azores' },
  { name: 'Mallorca', countryCode: 'ES', latitude: 39.6953, longitude: 3.0176, timeZone: 'Europe/Madrid' },
  { name: 'Ibiza', countryCode: 'ES', latitude: 38.9067, longitude: 1.4206, timeZone: 'Europe/Madrid' },
  { name: 'Tenerife', countryCode: 'ES', latitude: 28.2916, longitude: -16.6291, timeZone: 'Atlantic/Canary' },
  { name: 'Gran Canaria', countryCode: 'ES', latitude: 27.9202, longitude: -15.5474, timeZone: 'Atlantic/Canary' },
  { name: 'Mont-Saint-Michel', countryCode: 'FR', latitude: 48.6361, longitude: -1.5115, timeZone: 'Europe/Paris' },
  { name: 'Corsica', countryCode: 'FR', latitude: 42.0396, longitude: 9.0129, timeZone: 'Europe/Paris' },
  { name: 'Isle of Skye', countryCode: 'GB', latitude: 57.2736, longitude: -6.2155, timeZone: 'Europe/London' },
  { name: 'Amalfi', countryCode: 'IT', latitude: 40.634, longitude: 14.6027, timeZone: 'Europe/Rome' },
  { name: 'Capri', countryCode: 'IT', latitude: 40.5532, longitude: 14.2222, timeZone: 'Europe/Rome' },
  { name: 'Cinque Terre', countryCode: 'IT', latitude: 44.135, longitude: 9.6849, timeZone: 'Europe/Rome' },
  { name: 'Lake Como', countryCode: 'IT', latitude: 46.016, longitude: 9.2572, timeZone: 'Europe/Rome' },
  { name: 'Taormina', countryCode: 'IT', latitude: 37.8516, longitude: 15.2853, timeZone: 'Europe/Rome' },
  { name: 'Sicily', countryCode: 'IT', latitude: 37.5999, longitude: 14.0154, timeZone: 'Europe/Rome' },
  { name: 'Sardinia', countryCode: 'IT', latitude: 40.1209, longitude: 9.0129, timeZone: 'Europe/Rome' },
  { name: 'Oia', countryCode: 'GR', latitude: 36.4618, longitude: 25.3753, timeZone: 'Europe/Athens' },
  { name: 'Santorini', countryCode: 'GR', latitude: 36.3932, longitude: 25.4615, timeZone: 'Europe/Athens' },
  { name: 'Mykonos', countryCode: 'GR', latitude: 37.4467, longitude: 25.3289, timeZone: 'Europe/Athens' },
  { name: 'Crete', countryCode: 'GR', latitude: 35.2401, longitude: 24.8093, timeZone: 'Europe/Athens' },
  { name: 'Rhodes', countryCode: 'GR', latitude: 36.4341, longitude: 28.2176, timeZone: 'Europe/Athens' },
  { name: 'Corfu', countryCode: 'GR', latitude: 39.6243, longitude: 19.9217, timeZone: 'Europe/Athens' },
  { name: 'Cappadocia', countryCode: 'TR', latitude: 38.6431, longitude: 34.8289, timeZone: 'Europe/Istanbul' },
  { name: 'Zermatt', countryCode: 'CH', latitude: 46.0207, longitude: 7.7491, timeZone: 'Europe/Zurich' },
  { name: 'Lucerne', countryCode: 'CH', latitude: 47.0502, longitude: 8.3093, timeZone: 'Europe/Zurich' },
  { name: 'Interlaken', countryCode: 'CH', latitude: 46.6863, longitude: 7.8632, timeZone: 'Europe/Zurich' },
  { name: 'Iceland', countryCode: 'IS', latitude: 64.9631, longitude: -19.0208, timeZone: 'Atlantic/Reykjavik' },
  { name: 'Bruges', countryCode: 'BE', latitude: 51.2093, longitude: 3.2247, timeZone: 'Europe/Brussels' },
  { name: 'Bled', countryCode: 'SI', latitude: 46.3683, longitude: 14.1146, timeZone: 'Europe/Ljubljana' },
  { name: 'Kotor', countryCode: 'ME', latitude: 42.4247, longitude: 18.7712, timeZone: 'Europe/Podgorica' },
  { name: 'Malta', countryCode: 'MT', latitude: 35.9375, longitude: 14.3754, timeZone: 'Europe/Malta' },
  { name: 'Cyprus', countryCode: 'CY', latitude: 35.1264, longitude: 33.4299, timeZone: 'Asia/Nicosia' },
  { name: 'Saint Petersburg', countryCode: 'RU', latitude: 59.9311, longitude: 30.3609, timeZone: 'Europe/Moscow' },
  { name: 'Mecca', countryCode: 'SA', latitude: 21.3891, longitude: 39.8579, timeZone: 'Asia/Riyadh' },
  { name: 'Tel Aviv', countryCode: 'IL', latitude: 32.0853, longitude: 34.7818, timeZone: 'Asia/Jerusalem' },
  { name: 'Petra', countryCode: 'JO', latitude: 30.3285, longitude: 35.4444, timeZone: 'Asia/Amman' },
  { name: 'Sharm El Sheikh', countryCode: 'EG', latitude: 27.9158, longitude: 34.33, timeZone: 'Africa/Cairo' },
  { name: 'Marrakech', countryCode: 'MA', latitude: 31.6295, longitude: -7.9811, timeZone: 'Africa/Casablanca' },
  { name: 'Fes', countryCode: 'MA', latitude: 34.0181, longitude: -5.0078, timeZone: 'Africa/Casablanca' },
  { name: 'Chefchaouen', countryCode: 'MA', latitude: 35.1688, longitude: -5.2636, timeZone: 'Africa/Casablanca' },
  { name: 'Serengeti', countryCode: 'TZ', latitude: -2.3333, longitude: 34.8333, timeZone: 'Africa/Dar_es_Salaam' },
  { name: 'Kilimanjaro', countryCode: 'TZ', latitude: -3.0674, longitude: 37.3556, timeZone: 'Africa/Dar_es_Salaam' },
  { name: 'Mauritius', countryCode: 'MU', latitude: -20.3484, longitude: 57.5522, timeZone: 'Indian/Mauritius' },
  { name: 'Seychelles', countryCode: 'SC', latitude: -4.6796, longitude: 55.492, timeZone: 'Indian/Mahe' },
  { name: 'Maldives', countryCode: 'MV', latitude: 3.2028, longitude: 73.2207, timeZone: 'Indian/Maldives' },
  { name: 'Nara', countryCode: 'JP', latitude: 34.6851, longitude: 135.8048, timeZone: 'Asia/Tokyo' },
  { name: 'Okinawa', countryCode: 'JP', latitude: 26.2124, longitude: 127.6809, timeZone: 'Asia/Tokyo' },
  { name: "Xi'an", countryCode: 'CN', latitude: 34.3416, longitude: 108.9398, timeZone: 'Asia/Shanghai' },
  { name: 'Pattaya', countryCode: 'TH', latitude: 12.9236, longitude: 100.8825, timeZone: 'Asia/Bangkok' },
  { name: 'Koh Samui', countryCode: 'TH', latitude: 9.512, longitude: 100.0136, timeZone: 'Asia/Bangkok' },
  { name: 'Penang', countryCode: 'MY', latitude: 5.4141, longitude: 100.3288, timeZone: 'Asia/Kuala_Lumpur' },
  { name: 'Bali', countryCode: 'ID', latitude: -8.3405, longitude: 115.092, timeZone: 'Asia/Makassar' },
  { name: 'Ubud', countryCode: 'ID', latitude: -8.5069, longitude: 115.2625, timeZone: 'Asia/Makassar' },
  { name: 'Lombok', countryCode: 'ID', latitude: -8.65, longitude: 116.3249, timeZone: 'Asia/Makassar' },
  { name: 'Ha Long Bay', countryCode: 'VN', latitude: 20.9101, longitude: 107.1839, timeZone: 'Asia/Ho_Chi_Minh' },
  { name: 'Hoi An', countryCode: 'VN', latitude: 15.8801, longitude: 108.338, timeZone: 'Asia/Ho_Chi_Minh' },
  { name: 'Luang Prabang', countryCode: 'LA', latitude: 19.8856, longitude: 102.1347, timeZone: 'Asia/Vientiane' },
  { name: 'Boracay', countryCode: 'PH', latitude: 11.9674, longitude: 121.9248, timeZone: 'Asia/Manila' },
  { name: 'El Nido', countryCode: 'PH', latitude: 11.1957, longitude: 119.4075, timeZone: 'Asia/Manila' },
  { name: 'Goa', countryCode: 'IN', latitude: 15.2993, longitude: 74.124, timeZone: 'Asia/Kolkata' },
  { name: 'Sri Lanka', countryCode: 'LK', latitude: 7.8731, longitude: 80.7718, timeZone: 'Asia/Colombo' },
  { name: 'Uluru', countryCode: 'AU', latitude: -25.3444, longitude: 131.0369, timeZone: 'Australia/Darwin' },
  { name: 'Fiji', countryCode: 'FJ', latitude: -17.7134, longitude: 178.065, timeZone: 'Pacific/Fiji' },
  { name: 'Tahiti', countryCode: 'PF', latitude: -17.6509, longitude: -149.426, timeZone: 'Pacific/Tahiti' },
  { name: 'Bora Bora', countryCode: 'PF', latitude: -16.5004, longitude: -151.7415, timeZone: 'Pacific/Tahiti' },
  { name: 'New York City', countryCode: 'US', latitude: 40.7128, longitude: -74.006, timeZone: 'America/New_York' },
  { name: 'Washington', countryCode: 'US', latitude: 38.9072, longitude: -77.0369, timeZone: 'America/New_York' },
  { name: 'Yellowstone', countryCode: 'US', latitude: 44.428, longitude: -110.5885, timeZone: 'America/Denver' },
  { name: 'Yosemite', countryCode: 'US', latitude: 37.8651, longitude: -119.5383, timeZone: 'America/Los_Angeles' },
  { name: 'Maui', countryCode: 'US', latitude: 20.7984, longitude: -156.3319, timeZone: 'Pacific/Honolulu' },
  { name: 'Quebec City', countryCode: 'CA', latitude: 46.8139, longitude: -71.208, timeZone: 'America/Toronto' },
  { name: 'Tulum', countryCode: 'MX', latitude: 20.2114, longitude: -87.4654, timeZone: 'America/Cancun' },
  { name: 'Playa del Carmen', countryCode: 'MX', latitude: 20.6296, longitude: -87.0739, timeZone: 'America/Cancun' },
  { name: 'Punta Cana', countryCode: 'DO', latitude: 18.5601, longitude: -68.3725, timeZone: 'America/Santo_Domingo' },
  { name: 'Jamaica', countryCode: 'JM', latitude: 18.1096, longitude: -77.2975, timeZone: 'America/Jamaica' },
  { name: 'Barbados', countryCode: 'BB', latitude: 13.1939, longitude: -59.5432, timeZone: 'America/Barbados' },
  { name: 'Aruba', countryCode: 'AW', latitude: 12.5211, longitude: -69.9683, timeZone: 'America/Aruba' },
  { name: 'Curaçao', countryCode: 'CW', latitude: 12.1696, longitude: -68.99, timeZone: 'America/Curacao' },
  { name: 'Saint Lucia', countryCode: 'LC', latitude: 13.9094, longitude: -60.9789, timeZone: 'America/St_Lucia' },
  { name: 'Bermuda', countryCode: 'BM', latitude: 32.3078, longitude: -64.7505, timeZone: 'Atlantic/Bermuda' },
  { name: 'Galápagos', countryCode: 'EC', latitude: -0.9538, longitude: -90.9656, timeZone: 'Pacific/Galapagos' },
  { name: 'Machu Picchu', countryCode: 'PE', latitude: -13.1631, longitude: -72.545, timeZone: 'America/Lima' },
  { name: 'Salar de Uyuni', countryCode: 'BO', latitude: -20.1338, longitude: -67.4891, timeZone: 'America/La_Paz' },
  { name: 'Torres del Paine', countryCode: 'CL', latitude: -50.9423, longitude: -73.4068, timeZone: 'America/Punta_Arenas' },
  { name: 'Easter Island', countryCode: 'CL', latitude: -27.1127, longitude: -109.3497, timeZone: 'Pacific/Easter' },
  { name: 'Bariloche', countryCode: 'AR', latitude: -41.1335, longitude: -71.3103, timeZone: 'America/Argentina/Salta' },
  { name: 'Iguazu Falls', countryCode: 'AR', latitude: -25.6953, longitude: -54.4367, timeZone: 'America/Argentina/Cordoba' },
];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const countryName = (code: string | null, fallback: string) => (code ? regionNames.of(code) : undefined) ?? fallback;

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The hand-kept overlay: every place the map knows that the city table does not. */
export const places: readonly Place[] = overlayRows.map((row) => ({ ...row, country: countryName(row.countryCode, row.countryCode ?? '') }));

const overlayByName = new Map(places.map((p) => [normalise(p.name), p]));

// ------------------------------------------------------------------ the city table

interface TableRow {
  city: string;
  city_ascii: string;
  lat: number;
  lng: number;
  pop: number;
  country: string;
  iso2: string;
  iso3: string;
  province: string;
  state_ansi?: string;
  timezone: string;
}

interface TableCity {
  place: Place;
  population: number;
  /** Normalised names of its province and state ("oregon", "or") for "Portland, Oregon". */
  regions: readonly string[];
}

interface CityTable {
  byName: Map<string, TableCity[]>;
  /**
   * Normalised country names, aliases and ISO alpha-3 codes → ISO alpha-2 codes, the
   * country's own first: the table files Réunion and Martinique under "France" too.
   */
  countryCodes: Map<string, string[]>;
  /** ISO alpha-2 → its zones, the one with most people first. */
  zonesByCountry: Map<string, string[]>;
}

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;
// Most names are plain ASCII: skip the Unicode decomposition for them (it is most of the load time).
const normaliseName = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s.toLowerCase().trim() : normalise(s));

// Names travellers write that neither the table nor Intl.DisplayNames uses.
const countryAliases: Record<string, string> = {
  usa: 'US',
  us: 'US',
  america: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  holland: 'NL',
  'the netherlands': 'NL',
  uae: 'AE',
  turkey: 'TR',
  'czech republic': 'CZ',
  korea: 'KR',
  'hong kong': 'HK',
  macau: 'MO',
  vatican: 'VA',
  bahamas: 'BS',
  'ivory coast': 'CI',
  burma: 'MM',
  'east timor': 'TL',
  swaziland: 'SZ',
  macedonia: 'MK',
};

let table: CityTable | null = null;

/**
 * The table, read once on first use. The package's entry point would keep its 1.9 MB of
 * parsed JSON in the module cache beside our index, so the file is read and parsed here and
 * only the index stays in memory.
 */
function cityTable(): CityTable {
  if (table) return table;
  const file = createRequire(import.meta.url).resolve('city-timezones/data/cityMap.json');
  const rows = JSON.parse(readFileSync(file, 'utf8')) as TableRow[];
  const byName = new Map<string, TableCity[]>();
  const countryCodes = new Map<string, string[]>();
  const addCountryName = (name: string, code: string, own: boolean) => {
    const key = normaliseName(name);
    const codes = countryCodes.get(key) ?? [];
    if (!codes.includes(code)) countryCodes.set(key, own ? [code, ...codes] : [...codes, code]);
  };
  const names = new Map<string, string>();
  const zones = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const code = /^[A-Z]{2}$/.test(row.iso2) ? row.iso2 : null;
    let country = names.get(code ?? row.country);
    if (country === undefined) {
      country = countryName(code, row.country);
      names.set(code ?? row.country, country);
      if (code) {
        addCountryName(country, code, true);
        addCountryName(row.iso3, code, true);
        addCountryName(row.country, code, normaliseName(row.country) === normaliseName(country));
      }
    }
    const city: TableCity = {
      place: { name: row.city, country, countryCode: code, latitude: round4(row.lat), longitude: round4(row.lng), timeZone: row.timezone },
      population: row.pop,
      regions: [row.province, row.state_ansi ?? ''].map(normaliseName).filter(Boolean),
    };
    const key = normaliseName(row.city);
    const keys = row.city_ascii === row.city ? [key] : [...new Set([key, normaliseName(row.city_ascii)])];
    for (const name of keys) {
      const list = byName.get(name);
      if (list) list.push(city);
      else byName.set(name, [city]);
    }
    if (code) {
      const counts = zones.get(code) ?? new Map<string, number>();
      counts.set(row.timezone, (counts.get(row.timezone) ?? 0) + row.pop);
      zones.set(code, counts);
    }
  }
  for (const [alias, code] of Object.entries(countryAliases)) addCountryName(alias, code, true);
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  const zonesByCountry = new Map(
    [...zones].map(([code, counts]) => [code, [...counts].sort((a, b) => b[1] - a[1]).map(([zone]) => zone)]),
  );
  table = { byName, countryCodes, zonesByCountry };
  return table;
}

/** The ISO alpha-2 code of a country name ("Portugal", "USA", "Türkiye"), or null. */
export function countryCodeOf(name: string): string | null {
  return cityTable().countryCodes.get(normalise(name))?.[0] ?? null;
}

const partsOf = (location: string) => location.split(',').map(normaliseName).filter(Boolean);

/** The place a location names, or null when none of its parts is known. */
export function findPlace(location: string): Place | null {
  const { byName, countryCodes } = cityTable();
  const parts = partsOf(location);
  for (const [i, part] of parts.entries()) {
    const context = parts.filter((_, j) => j !== i);
    // A country named elsewhere in the location must be the place's own.
    const countries = new Set(context.flatMap((c) => countryCodes.get(c) ?? []));
    const inCountry = (p: Place) => countries.size === 0 || (p.countryCode !== null && countries.has(p.countryCode));
    const overlay = overlayByName.get(part);
    if (overlay && inCountry(overlay)) return overlay;
    const cities = (byName.get(part) ?? []).filter((c) => inCountry(c.place));
    if (cities.length === 0) continue;
    // Among cities of the same name, one in a province or state the location names, else the most populous.
    return (cities.find((c) => c.regions.some((r) => context.includes(r))) ?? cities[0]!).place;
  }
  return null;
}

/**
 * The country a location is in: that of the place it names, else the last of its parts that
 * names a country ("A cabin, Estonia" → EE). Null when neither is known.
 */
export function countryCodeIn(location: string): string | null {
  const place = findPlace(location);
  if (place) return place.countryCode;
  const { countryCodes } = cityTable();
  for (const part of partsOf(location).reverse()) {
    const code = countryCodes.get(part)?.[0];
    if (code) return code;
  }
  return null;
}

/**
 * The zone of the place a location names; else, when a part of it names a country that
 * lies in one zone only, that zone (Portugal has three, so "Somewhere in the Alentejo,
 * Portugal" gets none). Null when neither is known.
 */
export function timeZoneOf(location: string): string | null {
  const place = findPlace(location);
  if (place) return place.timeZone;
  const { countryCodes, zonesByCountry } = cityTable();
  for (const part of partsOf(location).reverse()) {
    const code = countryCodes.get(part)?.[0];
    const zones = code ? zonesByCountry.get(code) : undefined;
    if (zones?.length === 1) return zones[0]!;
  }
  return null;
}
