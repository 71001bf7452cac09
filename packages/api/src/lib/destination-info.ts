// Reference data for a trip's Local Info and weather card, bundled so that nothing is
// fetched from a weather or currency service: the local currency of each country (from the
// maintained `country-to-currency` table, named by Intl), and monthly climate normals (what
// the weather is usually like, never a forecast).

import { monthNames } from '@naav/schemas/dates';
import countryToCurrency from 'country-to-currency';
import { countryCodeOf, findPlace } from './places';

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

const normalise = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

// ------------------------------------------------------------------ currencies

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });
const currencies = new Map<string, Currency>();

/** A currency by its ISO 4217 code, named and given its symbol by Intl. */
export function currencyOfCode(code: string): Currency {
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
type Monthly = readonly [number, number, number, number, number, number, number, number, number, number, number, number];

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
// publish them; good to a degree or two, which is all a "typical" card promises.
const santorini: Normals = {
  high: [14, 14, 16, 19, 23, 27, 29, 29, 26, 22, 19, 16],
  low: [9, 9, 10, 12, 16, 20, 22, 22, 20, 17, 14, 11],
  rain: [60, 45, 40, 15, 10, 2, 1, 1, 8, 25, 50, 70],
};
const bali: Normals = {
  high: [31, 31, 31, 32, 31, 30, 29, 30, 31, 32, 32, 31],
  low: [24, 24, 24, 24, 24, 23, 23, 23, 23, 24, 24, 24],
  rain: [345, 275, 235, 90, 80, 70, 55, 40, 45, 110, 170, 300],
};

const normalsByCity: Record<string, Normals> = {
  lisbon: {
    high: [15, 16, 19, 20, 23, 26, 28, 29, 27, 23, 18, 16],
    low: [8, 9, 11, 12, 14, 17, 18, 19, 18, 15, 12, 10],
    rain: [100, 90, 65, 65, 50, 15, 5, 5, 35, 100, 125, 125],
  },
  porto: {
    high: [14, 15, 17, 18, 20, 23, 25, 25, 24, 21, 17, 14],
    low: [5, 6, 8, 9, 12, 14, 16, 16, 15, 12, 9, 7],
    rain: [150, 115, 90, 110, 90, 40, 20, 30, 80, 140, 160, 200],
  },
  barcelona: {
    high: [15, 16, 17, 19, 23, 26, 29, 29, 26, 23, 18, 15],
    low: [9, 9, 11, 13, 16, 20, 23, 23, 21, 17, 13, 10],
    rain: [40, 35, 35, 45, 45, 30, 20, 60, 80, 90, 55, 45],
  },
  madrid: {
    high: [10, 12, 16, 18, 22, 28, 32, 31, 26, 19, 13, 10],
    low: [3, 4, 6, 8, 11, 16, 19, 19, 16, 11, 6, 4],
    rain: [35, 35, 25, 45, 50, 20, 10, 10, 25, 60, 50, 50],
  },
  paris: {
    high: [8, 9, 13, 16, 20, 23, 25, 25, 21, 16, 11, 8],
    low: [3, 3, 5, 8, 11, 14, 16, 16, 13, 10, 6, 3],
    rain: [50, 40, 50, 50, 65, 55, 60, 65, 45, 60, 50, 60],
  },
  london: {
    high: [8, 9, 12, 15, 18, 21, 24, 23, 20, 16, 11, 9],
    low: [2, 2, 4, 6, 9, 12, 14, 14, 11, 9, 5, 3],
    rain: [55, 40, 40, 45, 50, 45, 45, 50, 50, 70, 60, 55],
  },
  rome: {
    high: [13, 14, 17, 20, 24, 28, 31, 32, 27, 22, 17, 14],
    low: [3, 3, 5, 8, 12, 15, 18, 18, 15, 11, 7, 4],
    rain: [65, 75, 60, 65, 45, 30, 15, 25, 70, 110, 115, 80],
  },
  athens: {
    high: [13, 14, 16, 20, 25, 30, 33, 33, 29, 24, 19, 15],
    low: [7, 7, 9, 12, 16, 21, 23, 23, 20, 16, 12, 8],
    rain: [55, 45, 40, 25, 15, 5, 5, 5, 10, 45, 60, 70],
  },
  santorini,
  oia: santorini,
  amsterdam: {
    high: [6, 7, 10, 14, 17, 20, 22, 22, 19, 15, 10, 7],
    low: [1, 1, 3, 5, 8, 11, 13, 13, 11, 8, 4, 2],
    rain: [70, 55, 60, 40, 55, 65, 75, 85, 80, 85, 85, 75],
  },
  berlin: {
    high: [3, 5, 9, 15, 19, 22, 25, 24, 19, 14, 8, 4],
    low: [-2, -1, 1, 4, 9, 12, 14, 14, 10, 6, 2, -1],
    rain: [40, 35, 40, 30, 55, 55, 60, 60, 45, 35, 40, 45],
  },
  istanbul: {
    high: [9, 9, 11, 16, 21, 26, 28, 29, 25, 20, 15, 11],
    low: [4, 3, 5, 8, 13, 17, 20, 21, 17, 13, 9, 6],
    rain: [95, 75, 65, 45, 35, 35, 30, 35, 55, 90, 100, 120],
  },
  reykjavik: {
    high: [2, 3, 3, 6, 9, 12, 14, 13, 10, 7, 4, 3],
    low: [-3, -3, -2, 0, 4, 7, 9, 8, 5, 2, -1, -2],
    rain: [90, 80, 85, 60, 45, 50, 50, 60, 70, 85, 75, 90],
  },
  marrakech: {
    high: [19, 20, 23, 25, 29, 33, 37, 37, 32, 28, 23, 19],
    low: [6, 8, 10, 12, 15, 18, 21, 21, 19, 15, 11, 7],
    rain: [30, 40, 40, 35, 15, 5, 1, 3, 10, 25, 40, 30],
  },
  cairo: {
    high: [19, 21, 24, 28, 32, 34, 35, 35, 33, 30, 25, 21],
    low: [9, 10, 12, 15, 18, 21, 22, 23, 21, 18, 14, 11],
    rain: [5, 4, 4, 1, 0, 0, 0, 0, 0, 1, 3, 6],
  },
  'cape town': {
    high: [26, 27, 25, 23, 20, 18, 18, 18, 19, 21, 24, 25],
    low: [16, 16, 14, 12, 9, 8, 7, 8, 9, 11, 13, 15],
    rain: [15, 15, 20, 40, 70, 95, 80, 80, 40, 30, 15, 15],
  },
  dubai: {
    high: [24, 25, 29, 33, 38, 40, 41, 41, 39, 35, 30, 26],
    low: [14, 16, 18, 22, 26, 28, 30, 30, 28, 24, 19, 16],
    rain: [20, 30, 20, 7, 0, 0, 0, 0, 0, 1, 3, 15],
  },
  kyoto: {
    high: [9, 10, 14, 20, 25, 28, 32, 34, 29, 23, 17, 12],
    low: [1, 1, 4, 9, 14, 19, 23, 24, 20, 14, 8, 3],
    rain: [50, 65, 105, 115, 150, 220, 225, 135, 175, 120, 70, 50],
  },
  tokyo: {
    high: [10, 11, 14, 19, 24, 26, 30, 31, 28, 22, 17, 12],
    low: [1, 2, 5, 10, 15, 19, 22, 24, 20, 15, 9, 4],
    rain: [60, 55, 115, 130, 140, 165, 155, 155, 225, 235, 95, 55],
  },
  bangkok: {
    high: [32, 33, 34, 35, 34, 33, 33, 32, 32, 32, 32, 31],
    low: [22, 24, 26, 27, 26, 26, 25, 25, 25, 25, 24, 22],
    rain: [15, 20, 40, 80, 210, 160, 165, 190, 325, 240, 50, 10],
  },
  singapore: {
    high: [30, 31, 32, 32, 32, 31, 31, 31, 31, 31, 31, 30],
    low: [23, 24, 24, 25, 25, 25, 25, 25, 24, 24, 24, 23],
    rain: [240, 160, 180, 160, 160, 135, 145, 145, 125, 155, 255, 290],
  },
  bali,
  denpasar: bali,
  ubud: {
    high: [29, 29, 29, 30, 29, 28, 27, 28, 29, 30, 30, 29],
    low: [22, 22, 22, 22, 22, 21, 21, 21, 21, 22, 22, 22],
    rain: [370, 300, 260, 110, 95, 80, 65, 50, 60, 130, 200, 320],
  },
  sydney: {
    high: [26, 26, 25, 23, 20, 18, 17, 19, 21, 23, 24, 25],
    low: [19, 19, 18, 15, 12, 9, 8, 9, 11, 14, 16, 18],
    rain: [90, 120, 130, 125, 120, 130, 70, 80, 60, 75, 85, 75],
  },
  auckland: {
    high: [23, 24, 22, 20, 17, 15, 14, 15, 16, 18, 20, 22],
    low: [16, 16, 15, 13, 11, 9, 8, 8, 10, 11, 13, 15],
    rain: [75, 65, 85, 95, 115, 135, 145, 120, 100, 90, 80, 90],
  },
  'new york': {
    high: [4, 5, 10, 17, 22, 27, 29, 29, 25, 18, 12, 6],
    low: [-3, -2, 2, 7, 12, 18, 21, 20, 16, 10, 5, 0],
    rain: [90, 80, 110, 105, 100, 110, 115, 105, 100, 110, 90, 100],
  },
  'san francisco': {
    high: [14, 16, 17, 18, 19, 21, 21, 22, 23, 21, 17, 14],
    low: [8, 9, 10, 10, 11, 12, 13, 14, 14, 12, 10, 8],
    rain: [110, 100, 75, 35, 15, 4, 0, 2, 5, 30, 80, 110],
  },
  'mexico city': {
    high: [22, 24, 26, 27, 27, 25, 24, 24, 23, 23, 23, 22],
    low: [6, 7, 9, 11, 12, 13, 13, 13, 13, 11, 8, 7],
    rain: [8, 5, 10, 25, 55, 135, 160, 150, 120, 50, 10, 5],
  },
  cusco: {
    high: [19, 19, 19, 20, 20, 19, 19, 20, 20, 21, 21, 20],
    low: [7, 7, 6, 4, 2, 0, -1, 1, 4, 5, 6, 6],
    rain: [160, 130, 110, 40, 10, 5, 5, 10, 25, 50, 75, 120],
  },
  'torres del paine': {
    high: [17, 17, 15, 11, 7, 5, 5, 6, 9, 12, 14, 16],
    low: [6, 6, 4, 2, 0, -2, -2, -1, 0, 2, 4, 5],
    rain: [30, 25, 35, 40, 40, 35, 35, 30, 25, 25, 25, 30],
    windy: true,
  },
  'rio de janeiro': {
    high: [30, 31, 30, 28, 27, 26, 25, 26, 26, 27, 28, 29],
    low: [23, 24, 23, 22, 20, 19, 18, 19, 19, 20, 21, 22],
    rain: [115, 105, 105, 135, 80, 50, 40, 40, 50, 85, 95, 170],
  },
  'buenos aires': {
    high: [30, 29, 26, 23, 19, 16, 15, 17, 19, 22, 25, 28],
    low: [20, 19, 17, 14, 11, 8, 8, 9, 11, 13, 16, 18],
    rain: [120, 120, 140, 110, 90, 60, 65, 65, 80, 125, 115, 100],
  },
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
  const normals = partsOf(location)
    .map((part) => normalsByCity[part])
    .find(Boolean);
  if (normals) {
    const highC = normals.high[month]!;
    const lowC = normals.low[month]!;
    return { month: name, highC, lowC, summary: summaryOf(highC, lowC, normals.rain[month]!, normals.windy ?? false) };
  }
  const place = findPlace(location);
  if (!place) return null;
  return { month: name, ...estimateFromLatitude(place.latitude, month) };
}

/**
 * The local currency of a trip's destination: the country of the place it names, else a
 * part of the location or the destination that is itself a country.
 */
export function destinationCurrency(location: string, destination: string): Currency | null {
  const place = findPlace(location);
  if (place?.countryCode) return currencyOfCountryCode(place.countryCode);
  for (const candidate of [...location.split(',').reverse(), destination]) {
    const currency = currencyOfCountry(candidate);
    if (currency) return currency;
  }
  return null;
}

/** The zone's offset from UTC at an instant, as "UTC+01:00" (also "UTC+05:30", "UTC-03:00"). */
export function utcOffset(timeZone: string, at: Date): string {
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
