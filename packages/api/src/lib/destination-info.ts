// Reference data for a trip's Local Info and weather card, bundled so that nothing is
// fetched from a weather or currency service: the local currency of each country (from the
// maintained `country-to-currency` table, named by Intl), and monthly climate normals (what
// the weather is usually like, never a forecast).

import { monthNames } from '@naav/schemas/dates';
import countryToCurrency from 'country-to-currency';
import climateNormals from './reference/climate-normals.json' with { type: 'json' };
import { countryCodeOf, findPlace, normalise } from './places';

export interface Currency {
  /** ISO 4217 code. */
  code: string;
  /** Its English name, from Intl.DisplayNames ("Euro", "Chilean Peso"). */
  name: string;
  /** The symbol seen on price tags there ("€", "$" for the Chilean peso, "CHF"). */
  symbol: string;
}

export interface TypicalWeather {
  /** The month the figures are for, e.g. "November". */
  month: string;
  /** Average daily high and low, °C. */
  highC: number;
  lowC: number;
  /** One line, e.g. "Mild with frequent showers". */
  summary: string;
}

// ------------------------------------------------------------------ currencies

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const currencies = new Map<string, Currency>();

/** A currency by its ISO 4217 code, named and given its symbol by Intl. */
function currencyOfCode(code: string): Currency {
  let currency = currencies.get(code);
  if (!currency) {
    const symbol = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' })
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value;
    currency = { code, name: currencyNames.of(code) ?? code, symbol: symbol ?? code };
    currencies.set(code, currency);
  }
  return currency;
}

/** The currency of a country, by ISO alpha-2 code, or null when unknown. */
export function currencyOfCountryCode(code: string | null): Currency | null {
  const currency = code ? (countryToCurrency as Record<string, string | undefined>)[code] : undefined;
  return currency ? currencyOfCode(currency) : null;
}

/** The currency of a country, by name (any case, accents ignored, "USA" or "Scotland" too), or null when unknown. */
export function currencyOfCountry(country: string): Currency | null {
  return currencyOfCountryCode(countryCodeOf(country));
}

// ------------------------------------------------------------------ climate normals

/** Twelve values, January first. */
type Monthly = readonly number[];

interface Normals {
  /** Average daily high, °C. */
  high: Monthly;
  /** Average daily low, °C. */
  low: Monthly;
  /** Average precipitation, mm. */
  rain: Monthly;
  /** A word for places where wind, not rain, is the story (Patagonia). */
  windy?: boolean;
}

// Rounded 1991–2020 style normals from national weather services, as climate tables
// publish them; good to a degree or two, which is all a "typical" card promises. Keyed by
// normalised city name (reference/climate-normals.json); a few places share their neighbour's figures.
const normalsByCity: Record<string, Normals> = {
  ...(climateNormals as Record<string, Normals>),
  oia: climateNormals.santorini,
  denpasar: climateNormals.bali,
};

function temperatureWord(highC: number): string {
  if (highC >= 30) return 'Hot';
  if (highC >= 25) return 'Warm';
  if (highC >= 18) return 'Mild';
  if (highC >= 10) return 'Cool';
  if (highC >= 3) return 'Cold';
  return 'Freezing';
}

function summaryOf(highC: number, lowC: number, rainMm: number, windy: boolean): string {
  const temperature = temperatureWord(highC);
  const snow = lowC <= 0 && rainMm >= 30 ? ', snow possible' : '';
  if (windy) return `${temperature} and windy${rainMm >= 40 ? ' with passing showers' : ', mostly dry'}${snow}`;
  if (rainMm < 10) return `${temperature}, dry and sunny`;
  if (rainMm < 40) return `${temperature} and mostly dry${snow}`;
  if (rainMm < 90) return `${temperature} with some rain${snow}`;
  if (rainMm < 150) return `${temperature} with frequent showers${snow}`;
  return `${temperature}${highC >= 25 ? ' and humid' : ''}, the rainy season${snow}`;
}

/**
 * When a city is not in the table: a rough figure from the latitude alone (warmest a
 * month after the solstice, with a seasonal swing growing towards the poles). The summary
 * says it is an estimate.
 */
function estimateFromLatitude(latitude: number, month: number): Omit<TypicalWeather, 'month'> {
  const distance = Math.abs(latitude);
  const annualMean = 28 - 0.45 * Math.max(0, distance - 12);
  const swing = 0.18 * Math.max(0, distance - 10);
  // July (index 6) is warmest in the north, January in the south.
  const warmest = latitude >= 0 ? 6.5 : 0.5;
  const seasonal = swing * Math.cos((2 * Math.PI * (month - warmest)) / 12);
  const mean = annualMean + seasonal;
  const highC = Math.round(mean + 4.5);
  const lowC = Math.round(mean - 4.5);
  return { highC, lowC, summary: `${temperatureWord(highC)} (estimated from the latitude)` };
}

/** The parts of a location to try, most specific first ("Oia, Santorini, Greece"). */
const partsOf = (location: string) => location.split(',').map(normalise).filter(Boolean);

/**
 * What the weather is usually like in a place in a month (0 = January): from the climate
 * table when the city is in it, else estimated from the latitude; null when neither is known.
 */
export function typicalWeather(location: string, month: number): TypicalWeather | null {
  const name = monthNames[month];
  if (!name) throw new RangeError(`month must be 0..11, got ${month}`);
  const measured = measuredWeather(location, month);
  if (measured) return measured;
  const place = findPlace(location);
  if (!place) return null;
  return { month: name, ...estimateFromLatitude(place.latitude, month) };
}

/** The climate table's normals for a place in a month (0 = January); null when the city is not in it (no estimate). */
export function measuredWeather(location: string, month: number): TypicalWeather | null {
  const normals = partsOf(location)
    .map((part) => normalsByCity[part])
    .find(Boolean);
  const name = monthNames[month];
  if (!normals || !name) return null;
  const highC = normals.high[month]!;
  const lowC = normals.low[month]!;
  return { month: name, highC, lowC, summary: summaryOf(highC, lowC, normals.rain[month]!, normals.windy ?? false) };
}

/**
 * The local currency of a trip's destination: the country of the place it names, else a
 * part of the location or the destination that is itself a country.
 */
function destinationCurrency(location: string, destination: string): Currency | null {
  const place = findPlace(location);
  if (place?.countryCode) return currencyOfCountryCode(place.countryCode);
  for (const candidate of [...location.split(',').reverse(), destination]) {
    const currency = currencyOfCountry(candidate);
    if (currency) return currency;
  }
  return null;
}

/** The zone's offset from UTC at an instant, as "UTC+01:00" (also "UTC+05:30", "UTC-03:00"). */
function utcOffset(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // "GMT+01:00"; some ICU versions write plain "GMT" for a zero offset.
  const match = /^GMT([+-]\d{2}:\d{2})$/.exec(part ?? '');
  return `UTC${match?.[1] ?? '+00:00'}`;
}

export interface LocalInfo {
  emergencyNumber: '112';
  currency: Currency | null;
  timeZone: string;
  utcOffset: string;
  coordinates: { latitude: number; longitude: number } | null;
  typicalWeather: TypicalWeather | null;
}

/**
 * Local Info for a trip: `date` (YYYY-MM-DD) picks the month of the typical weather; the
 * UTC offset is the zone's offset at `now`, as a traveller checking the time there needs.
 */
export function localInfoFor(
  trip: { location: string; destination: string; timeZone: string },
  date: string,
  now: Date,
): LocalInfo {
  const place = findPlace(trip.location);
  return {
    // 112 reaches the emergency services across the EU and from most mobile phones worldwide.
    emergencyNumber: '112',
    currency: destinationCurrency(trip.location, trip.destination),
    timeZone: trip.timeZone,
    utcOffset: utcOffset(trip.timeZone, now),
    coordinates: place ? { latitude: place.latitude, longitude: place.longitude } : null,
    typicalWeather: typicalWeather(trip.location, Number(date.slice(5, 7)) - 1),
  };
}
