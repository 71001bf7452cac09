// Where a typed location is, with no call to any map service: the city table of the
// `city-timezones` package (about 7,300 cities with coordinates, country and IANA zone) and,
// over it, a short hand-kept list of islands, regions and landmarks the table lacks or spells
// otherwise (Oia, Santorini, Machu Picchu, Marrakech for its Marrakesh). Matching ignores case
// and accents and tries each comma-separated part of the location, most specific first
// ("Oia, Santorini, Greece" → Oia, then Santorini, then Greece); the other parts pick among
// cities of the same name ("Valencia, Venezuela", "Perth, United Kingdom").

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import overlayData from './reference/places-overlay.json' with { type: 'json' };

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
// Names are unique even without accents. The rows are data: reference/places-overlay.json.
const overlayRows: readonly OverlayRow[] = overlayData;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const countryName = (code: string | null, fallback: string) => (code ? regionNames.of(code) : undefined) ?? fallback;

/** Lower case without accents or surrounding blanks: how names are compared. */
export const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The hand-kept overlay: every place the map knows that the city table does not. */
export const places: readonly Place[] = overlayRows.map((row) => ({
  ...row,
  country: countryName(row.countryCode, row.countryCode ?? ''),
}));

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
      place: {
        name: row.city,
        country,
        countryCode: code,
        latitude: round4(row.lat),
        longitude: round4(row.lng),
        timeZone: row.timezone,
      },
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
