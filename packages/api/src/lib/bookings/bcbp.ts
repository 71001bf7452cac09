import { addDays, differenceInCalendarDays, format } from 'date-fns';
import type { Booking } from './booking';
import { airportPlace } from './places';
import { journeyBooking } from './schema-org';

// IATA Resolution 792 (Bar Coded Boarding Pass) has no maintained JavaScript reader that also
// resolves its Julian dates against an issue date; its fixed-width layout is read here.

/** One leg's mandatory items: PNR 7, from 3, to 3, carrier 3, flight 5, date 3, class 1, seat 4, sequence 5, status 1, then the variable field's size (2 hex). */
const legLength = 37;

interface BoardingPassLeg {
  pnr: string;
  from: string;
  to: string;
  carrier: string;
  flightNumber: string;
  /** 1–366. */
  dayOfYear: number;
  compartment: string;
  seat: string | null;
  sequence: string | null;
}

interface BoardingPass {
  passenger: string;
  legs: BoardingPassLeg[];
  /** Day of issue: the year's last digit and the day of the year, when the pass states it. */
  issued: { yearDigit: number; dayOfYear: number } | null;
}

const mandatoryStart = /^M[1-9].{20}[E ]/;

/** Whether a text is (or starts with) an IATA boarding-pass barcode's content. */
export const looksLikeBoardingPass = (text: string) => mandatoryStart.test(text) && text.length >= 23 + legLength;

/** "0834" → "834", "0000" → "0": a loop rather than a pattern, which the pattern check cannot prove linear. */
export function withoutLeadingZeros(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits[start] === '0') start++;
  return digits.slice(start);
}

/** Reads a boarding pass's barcode text; null when it is not one. */
export function parseBoardingPass(raw: string): BoardingPass | null {
  const text = raw.trimEnd();
  if (!looksLikeBoardingPass(text)) return null;
  const legCount = Number(text[1]);
  const passenger = text.slice(2, 22).trim();
  const legs: BoardingPassLeg[] = [];
  let issued: BoardingPass['issued'] = null;
  let at = 23;
  for (let n = 0; n < legCount; n++) {
    const leg = text.slice(at, at + legLength);
    if (leg.length < legLength) return legs.length ? { passenger, legs, issued } : null;
    const dayOfYear = Number(leg.slice(21, 24));
    const variableSize = Number.parseInt(leg.slice(35, 37), 16);
    if (!/^[A-Z]{3}$/.test(leg.slice(7, 10)) || !/^[A-Z]{3}$/.test(leg.slice(10, 13))) return null;
    if (!Number.isInteger(dayOfYear) || dayOfYear < 1 || dayOfYear > 366 || Number.isNaN(variableSize)) return null;
    const seat = leg.slice(25, 29).trim().replace(/^0+/, '');
    const sequence = leg.slice(29, 34).trim().replace(/^0+/, '');
    legs.push({
      pnr: leg.slice(0, 7).trim(),
      from: leg.slice(7, 10),
      to: leg.slice(10, 13),
      carrier: leg.slice(13, 16).trim(),
      flightNumber: withoutLeadingZeros(leg.slice(16, 21).trim()),
      dayOfYear,
      compartment: leg.slice(24, 25),
      seat: seat || null,
      sequence: sequence || null,
    });
    const variable = text.slice(at + legLength, at + legLength + variableSize);
    // The first leg's variable field opens with the pass's own items: '>', version, their size, then the issue date at 3–6.
    if (n === 0 && variable.startsWith('>') && variable.length >= 11) {
      const date = variable.slice(7, 11);
      if (/^\d{4}$/.test(date) && Number(date.slice(1)) >= 1 && Number(date.slice(1)) <= 366)
        issued = { yearDigit: Number(date[0]), dayOfYear: Number(date.slice(1)) };
    }
    at += legLength + variableSize;
  }
  return { passenger, legs, issued };
}

const dayOfYearIn = (year: number, day: number) => addDays(new Date(year, 0, 1), day - 1);
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The calendar day of a leg. With an issue date, the flight is on or after the day the pass was
 * issued (the issue year is the one ending in its digit, nearest before `reference`); without one,
 * the day nearest to `reference` (the import date).
 */
export function flightDay(dayOfYear: number, issued: BoardingPass['issued'], reference: Date): string | null {
  const year = reference.getFullYear();
  const candidates = [year - 1, year, year + 1].filter((y) => dayOfYear <= (isLeap(y) ? 366 : 365));
  if (issued) {
    let issueYear = year - (((((year % 10) - issued.yearDigit) % 10) + 10) % 10);
    if (issueYear > year) issueYear -= 10;
    const issueDay = dayOfYearIn(issueYear, issued.dayOfYear);
    const flight = candidates
      .concat([issueYear, issueYear + 1])
      .map((y) => dayOfYearIn(y, dayOfYear))
      .filter((d) => d >= issueDay)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    return flight ? format(flight, 'yyyy-MM-dd') : null;
  }
  const nearest = candidates
    .map((y) => dayOfYearIn(y, dayOfYear))
    .sort(
      (a, b) => Math.abs(differenceInCalendarDays(a, reference)) - Math.abs(differenceInCalendarDays(b, reference)),
    )[0];
  return nearest ? format(nearest, 'yyyy-MM-dd') : null;
}

/** "DESMARAIS/LUC MR" → "Luc Desmarais". */
export function passengerName(raw: string): string {
  const [surname = '', given = ''] = raw.split('/');
  const words = `${given.replace(/\s+(MR|MRS|MS|MISS|MSTR|DR)$/i, '')} ${surname}`.trim().toLowerCase();
  return words.replace(/(^|[\s'-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** A boarding pass's flights, one booking per leg, on their days (a barcode states no times). */
export function bookingsFromBoardingPass(raw: string, file: string | null, reference: Date): Booking[] {
  const pass = parseBoardingPass(raw.trim());
  if (!pass) return [];
  const traveller = passengerName(pass.passenger);
  return pass.legs.flatMap((leg) => {
    const day = flightDay(leg.dayOfYear, pass.issued, reference);
    if (!day) return [];
    const booking = journeyBooking(
      {
        type: 'flight',
        confirmationNumber: leg.pnr || null,
        travellers: traveller ? [traveller] : [],
        seat: leg.seat,
        price: null,
        cancelled: false,
        source: { kind: 'barcode', file },
      },
      {
        number: `${leg.carrier}${leg.flightNumber}`,
        provider: null,
        start: day,
        end: null,
        from: airportPlace(leg.from),
        to: airportPlace(leg.to),
      },
    );
    return [booking];
  });
}
