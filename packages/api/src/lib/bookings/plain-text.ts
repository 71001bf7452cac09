import { addDays, differenceInCalendarDays, format, isValid } from 'date-fns';
import type { Booking } from './booking';
import { bookingsFromBoardingPass, looksLikeBoardingPass, passengerName, withoutLeadingZeros } from './bcbp';
import { airportByCode, airportPlace } from './places';
import { trainsFromText } from './rail-text';
import { journeyBooking } from './schema-org';

// Confirmations without markup follow no standard: these readers look for the layouts airlines,
// GDS printouts (Amadeus, Travelport), hotels and rail operators print. Every pattern is bounded
// (no nested or unbounded quantifiers around optional parts), so no text makes them backtrack.

/** Beyond this, a text is no confirmation: only its start is read. */
const maxTextLength = 200_000;

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthWords: Record<string, number> = Object.fromEntries(months.map((m, i) => [m, i]));
// German, French, Spanish, Italian and Dutch months' first three letters where they differ.
Object.assign(monthWords, {
  mär: 2,
  mrz: 2,
  mai: 4,
  okt: 9,
  dez: 11,
  fév: 1,
  fev: 1,
  avr: 3,
  jui: 5,
  aoû: 7,
  aou: 7,
  déc: 11,
  ene: 0,
  abr: 3,
  ago: 7,
  dic: 11,
  gen: 0,
  mag: 4,
  giu: 5,
  lug: 6,
  set: 8,
  ott: 9,
  mei: 4,
});

interface Found {
  at: number;
  value: string;
}

// Month names in English, German, French, Spanish, Italian and Dutch, written out in both patterns
// (literals, so the pattern check reads them).
const dayFirst =
  /\b(\d{1,2})[ .-]?(Jan|Feb|M[aä]r|Mrz|Apr|Ma[iy]|Mei|Jun|Jul|Aug|Sep|O[ck]t|Nov|De[cz]|Fév|Fev|Avr|Jui|Ao[uû]|Déc|Ene|Abr|Ago|Dic|Gen|Mag|Giu|Lug|Set|Ott)[a-zéû]{0,7}\.?[ .,-]{0,2}(\d{4}|\d{2}(?![\d:]))?/gi;
const monthFirst =
  /\b(Jan|Feb|M[aä]r|Mrz|Apr|Ma[iy]|Mei|Jun|Jul|Aug|Sep|O[ck]t|Nov|De[cz]|Fév|Fev|Avr|Jui|Ao[uû]|Déc|Ene|Abr|Ago|Dic|Gen|Mag|Giu|Lug|Set|Ott)[a-zéû]{0,7}\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})/gi;
const isoDate = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const numericDate = /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g;

function monthIndex(word: string): number | undefined {
  const lower = word.toLowerCase();
  // French: juin is June, juillet July.
  if (lower.startsWith('juil')) return 6;
  return monthWords[lower.slice(0, 3)];
}

/** The year a day without one is in: the one that puts it nearest to `reference`. */
function nearestYear(month: number, day: number, reference: Date): number {
  const year = reference.getFullYear();
  return [year - 1, year, year + 1].sort(
    (a, b) =>
      Math.abs(differenceInCalendarDays(new Date(a, month, day), reference)) -
      Math.abs(differenceInCalendarDays(new Date(b, month, day), reference)),
  )[0]!;
}

function dayString(year: number, month: number, day: number): string | null {
  const date = new Date(year, month, day);
  if (!isValid(date) || date.getMonth() !== month || date.getDate() !== day) return null;
  return format(date, 'yyyy-MM-dd');
}

/** Every date in a text, where it is: "12 MAR 2025", "12MAR", "March 12, 2025", "2025-03-12", "12.03.2025". */
function datesIn(text: string, reference: Date): Found[] {
  const found: Found[] = [];
  const add = (at: number, value: string | null) => {
    if (value) found.push({ at, value });
  };
  for (const m of text.matchAll(dayFirst)) {
    const month = monthIndex(m[2]!);
    if (month === undefined) continue;
    const day = Number(m[1]);
    const year = m[3] ? (m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3])) : nearestYear(month, day, reference);
    add(m.index, dayString(year, month, day));
  }
  for (const m of text.matchAll(monthFirst)) {
    const month = monthIndex(m[1]!);
    if (month !== undefined) add(m.index, dayString(Number(m[3]), month, Number(m[2])));
  }
  for (const m of text.matchAll(isoDate)) add(m.index, dayString(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  for (const m of text.matchAll(numericDate)) add(m.index, dayString(Number(m[3]), Number(m[2]) - 1, Number(m[1])));
  return found.sort((a, b) => a.at - b.at);
}

const clockTime = /\b([01]?\d|2[0-3])[:.h]([0-5]\d)(?:[ ]?([AaPp])\.?[Mm]\.?)?(?![\d.:])/g;
// GDS printouts give times as four digits beside the airport codes: "FRA LIS 0735 0950".
const gdsTimes =
  /\b[A-Z]{3}[ ]{0,4}[A-Z]{3}[ ]{1,8}(?:[A-Z]{2}\d{1,2}[ ]{1,8})?([01]\d|2[0-3])([0-5]\d)[ ]{1,8}([01]\d|2[0-3])([0-5]\d)(\+1)?/g;

function timesIn(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(clockTime)) {
    let hour = Number(m[1]);
    const half = m[3]?.toLowerCase();
    if (half === 'p' && hour < 12) hour += 12;
    if (half === 'a' && hour === 12) hour = 0;
    found.push({ at: m.index, value: `${String(hour).padStart(2, '0')}:${m[2]}` });
  }
  for (const m of text.matchAll(gdsTimes)) {
    found.push({ at: m.index, value: `${m[1]}:${m[2]}` }, { at: m.index + 1, value: `${m[3]}:${m[4]}` });
  }
  return found.sort((a, b) => a.at - b.at);
}

// Three capitals that are airport codes but far more often words in a confirmation.
const notAirports = new Set([
  'THE',
  'AND',
  'FOR',
  'YOU',
  'ARR',
  'DEP',
  'PNR',
  'REF',
  'NON',
  'OUT',
  'VIA',
  'ALL',
  'BAG',
  'FEE',
  'TAX',
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'MRS',
  'DAY',
  'SUN',
  'MON',
  'TUE',
  'WED',
  'THU',
  'FRI',
  'SAT',
  'NEW',
  'OPS',
  'ECO',
  'AIR',
]);

function airportsIn(text: string): Found[] {
  const found: Found[] = [];
  const known = (code: string) => !notAirports.has(code) && airportByCode(code) !== null;
  for (const m of text.matchAll(/\b[A-Z]{3}\b/g)) {
    if (known(m[0])) found.push({ at: m.index, value: m[0] });
  }
  // A GDS city pair: "FRALIS".
  for (const m of text.matchAll(/\b([A-Z]{3})([A-Z]{3})\b/g)) {
    if (known(m[1]!) && known(m[2]!)) found.push({ at: m.index, value: m[1]! }, { at: m.index + 3, value: m[2]! });
  }
  return found.sort((a, b) => a.at - b.at);
}

// A flight number: a two-character airline designator (letters, or a letter and a digit) and 1–4 digits.
const flightNumber = /\b([A-Z][A-Z0-9]|[0-9][A-Z])[ ]{0,2}(\d{1,4})\b(?![:.]\d)/g;
// GDS segment status codes ("HK1": holds confirmed, one seat) look like flight numbers.
const segmentStatus = new Set(['HK', 'HL', 'HX', 'TK', 'UN', 'SS', 'KK', 'RR', 'NN', 'UC']);

const confirmationPattern =
  /(?:booking (?:ref(?:erence)?|code|number)|confirmation (?:number|code)|reservation (?:number|code)|record locator|pnr|buchungscode|buchungsnummer|code de r[ée]servation|r[ée]f[ée]rence de r[ée]servation|localizador|codice prenotazione)[ \t]{0,4}[:#.-]?[ \t]{0,4}([A-Z0-9]{5,8})\b/i;

// A GDS segment names the airline's own locator after its code: "LH/X7K2PQ".
const airlineLocator = /\b[A-Z0-9]{2}\/([A-Z0-9]{6})\b/;

const confirmationIn = (text: string) =>
  (confirmationPattern.exec(text)?.[1] ?? airlineLocator.exec(text)?.[1])?.toUpperCase() ?? null;

const passengerPattern =
  /(?:passengers?|guests?|travell?ers?|passagiere?|passagers?|pasajeros?|passegger[oi]|reisende)[ \t]{0,4}:[ \t]{0,4}((?:MR|MRS|MS|DR)?[ .]{0,2}[A-Za-zÀ-ÿ'/-]{2,40}(?: [A-Za-zÀ-ÿ'/-]{2,40}){0,3})/gi;

// GDS name elements: "  1.SCHMIDT/ANNA MRS   2.SCHMIDT/JONAS MR".
const gdsName =
  /(?:^|[ ]{2})[ ]{0,4}\d{1,2}\.[ ]?(?:\d{1,2})?([A-Z'-]{2,30}\/[A-Z'-]{2,30})(?: (?:MRS|MR|MS|MSTR|MISS|DR))?\b/gm;

function travellersIn(text: string): string[] {
  const gds = [...text.matchAll(gdsName)].map((m) => passengerName(m[1]!));
  const names = [...text.matchAll(passengerPattern)].map((m) =>
    m[1]!
      .replace(/^(MR|MRS|MS|DR)\b\.?\s*/i, '')
      .replace(/ (?:MR|MRS|MS)$/i, '')
      .trim(),
  );
  return [...new Set([...gds, ...names].filter((n) => n.length > 1))].slice(0, 20);
}

/** The flights a confirmation lists, each from its number to the next one's. */
function flightsIn(text: string, file: string | null, reference: Date): Booking[] {
  const numbers = [...text.matchAll(flightNumber)].filter((m) => !(segmentStatus.has(m[1]!) && m[2]!.length === 1));
  const dates = datesIn(text, reference);
  const times = timesIn(text);
  const airports = airportsIn(text);
  const confirmationNumber = confirmationIn(text);
  const travellers = travellersIn(text);
  const bookings: Booking[] = [];
  const seen = new Set<string>();
  numbers.forEach((m, i) => {
    const from = m.index;
    const to = Math.min(numbers[i + 1]?.index ?? text.length, from + 600);
    // A GDS line puts the date before the number ("12MAR LH 1234"); a mail often puts it a line above.
    const lookBack = Math.max(numbers[i - 1] ? numbers[i - 1]!.index + numbers[i - 1]![0].length : 0, from - 160);
    const inSegment = <T extends Found>(list: T[], start = from) => list.filter((f) => f.at >= start && f.at < to);
    const codes = [...new Set(inSegment(airports).map((a) => a.value))];
    if (codes.length < 2) return;
    // A date after the number is its own; else the last one before it (a GDS line, a heading).
    const day =
      inSegment(dates)[0]?.value ??
      inSegment(dates, lookBack).at(-1)?.value ??
      dates.filter((d) => d.at < from).at(-1)?.value;
    if (!day) return;
    const segmentTimes = inSegment(times);
    const [departs, arrives] = segmentTimes.map((t) => t.value);
    const number = `${m[1]}${withoutLeadingZeros(m[2]!)}`;
    const key = `${number}|${day}`;
    if (seen.has(key)) return;
    seen.add(key);
    // An arrival on a later day says so before its time ("Arrival: 13 MAR 2025 06:30").
    const arrivalAt = segmentTimes[1]?.at ?? -1;
    const arrivalDays = inSegment(dates).filter((d) => d.value > day && d.at < arrivalAt);
    const arrivalDay =
      arrivalDays[0]?.value ??
      (departs && arrives && arrives < departs ? format(addDays(new Date(`${day}T00:00`), 1), 'yyyy-MM-dd') : day);
    bookings.push(
      journeyBooking(
        {
          type: 'flight',
          confirmationNumber,
          travellers,
          seat: null,
          price: null,
          cancelled: false,
          source: { kind: 'text', file },
        },
        {
          number,
          provider: null,
          start: departs ? `${day}T${departs}:00` : day,
          end: arrives ? `${arrivalDay}T${arrives}:00` : null,
          from: airportPlace(codes[0]!),
          to: airportPlace(codes[1]!),
        },
      ),
    );
  });
  return bookings;
}

// Not "arrival" and "departure": every flight has those.
const checkIn = /(?:check[- ]?in|anreise|fecha de entrada)(?: date)?[ \t]{0,4}[:-]?[ \t]{0,4}([^\n]{4,60})/i;
const checkOut =
  /(?:check[- ]?out|departure|abreise|d[ée]part|salida)(?: date)?[ \t]{0,4}[:-]?[ \t]{0,4}([^\n]{4,60})/i;
const hotelNameStart = /^(?:Hotel|Hôtel|Hostal|Hostel|Pousada|Ryokan|Inn|Resort)\b/i;
const hotelNameEnd = /\b(?:Hotel|Inn|Resort|Suites|Hostel|Lodge)$/i;

/** The first line that reads as a hotel's name ("Hotel Avenida", "Lisbon Riverside Suites"). */
function hotelNameIn(text: string): string | null {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.length >= 2 && line.length <= 90 && (hotelNameStart.test(line) || hotelNameEnd.test(line))) return line;
  }
  return null;
}
const addressLine = /(?:address|adresse|dirección|indirizzo)[ \t]{0,4}:[ \t]{0,4}([^\n]{5,200})/i;

/** A hotel stay: its name, address, and the check-in and check-out days (and times, when given). */
function stayIn(text: string, file: string | null, reference: Date): Booking | null {
  const arrive = checkIn.exec(text);
  const leave = checkOut.exec(text);
  if (!arrive || !leave) return null;
  const day = (line: string) => datesIn(line, reference)[0]?.value;
  const time = (line: string) => timesIn(line)[0]?.value;
  const start = day(arrive[1]!);
  const end = day(leave[1]!);
  if (!start || !end || end <= start) return null;
  const name = hotelNameIn(text);
  const address = addressLine.exec(text)?.[1]?.trim() ?? null;
  const at = (d: string, t: string | undefined) => (t ? `${d}T${t}:00` : d);
  return {
    type: 'lodging',
    title: name ?? 'Stay',
    confirmationNumber: confirmationIn(text),
    provider: null,
    number: null,
    start: at(start, time(arrive[1]!)),
    end: at(end, time(leave[1]!)),
    timeZone: null,
    startLocation: name || address ? { name, code: null, address, latitude: null, longitude: null } : null,
    endLocation: null,
    travellers: travellersIn(text),
    seat: null,
    price: null,
    cancelled: false,
    source: { kind: 'text', file },
  };
}

/**
 * The bookings in a confirmation without markup: a boarding pass's barcode text, flights, train
 * journeys, a hotel stay. Everything it finds is marked as read from text, which the preview asks
 * to check.
 */
export function bookingsFromPlainText(raw: string, file: string | null, reference: Date): Booking[] {
  const text = raw.slice(0, maxTextLength).replace(/\u00a0/g, ' ');
  const passes = text
    .split(/\r?\n/)
    .filter((line) => looksLikeBoardingPass(line.trim()))
    .flatMap((line) => bookingsFromBoardingPass(line, file, reference));
  if (passes.length) return passes;
  const flights = flightsIn(text, file, reference);
  const trains = trainsFromText(text, file, reference, { datesIn, confirmationIn, travellersIn });
  const stay = stayIn(text, file, reference);
  return [...flights, ...trains, ...(stay ? [stay] : [])];
}
