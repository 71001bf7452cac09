import { unzipSync } from 'fflate';
import type { Booking, BookingPlace, BookingType } from './booking';
import { parseLooseJson, UnreadableError } from './html';
import { airportByCode, completePlace } from './places';
import { journeyBooking } from './schema-org';
import { minorUnits } from './schema-org-values';

// Bounds against zip bombs, checked on the sizes the archive declares before anything is
// inflated: a real pass holds a pass.json of a few KB, images, a manifest and a signature.
const maxPassEntries = 100;
const maxPassJsonBytes = 256 * 1024;
/** What all of a pass's files may inflate to, as its central directory declares them. */
const maxPassInflatedBytes = 10 * 1024 * 1024;

interface ZipEntry {
  name: string;
  /** Where its local header starts, and where its data ends. */
  start: number;
  end: number;
  originalSize: number;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const damaged = () => new UnreadableError('not a readable wallet pass (a damaged zip)');

/**
 * The central directory of a zip, read without inflating anything: each entry's name, the
 * bytes it occupies (local header and data) and the size it declares once inflated.
 */
function zipDirectory(bytes: Uint8Array): ZipEntry[] {
  // The end-of-directory record is in the last 22 bytes, or before a comment of up to 64 KB.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(bytes, at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw damaged();
  const count = u16(bytes, eocd + 10);
  if (count > maxPassEntries) throw new UnreadableError(`a zip of more than ${maxPassEntries} files`);
  const entries: ZipEntry[] = [];
  let at = u32(bytes, eocd + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw damaged();
    const compressedSize = u32(bytes, at + 20);
    const originalSize = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const start = u32(bytes, at + 42);
    // Zip64 (sizes or offsets beyond 4 GB) has no place in a wallet pass.
    if (compressedSize === 0xffffffff || originalSize === 0xffffffff || start === 0xffffffff) throw damaged();
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (start + 30 > bytes.length || u32(bytes, start) !== 0x04034b50) throw damaged();
    const end = start + 30 + u16(bytes, start + 26) + u16(bytes, start + 28) + compressedSize;
    if (end > bytes.length) throw damaged();
    entries.push({ name, start, end, originalSize });
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

/**
 * Refuses, before any entry is read, a zip whose entries share or overlap their bytes (one
 * deflate stream listed ten times inflates ten times) or that declares more than the budget inflated.
 */
function checkPassArchive(bytes: Uint8Array): number {
  const entries = zipDirectory(bytes);
  const inflated = entries.reduce((sum, e) => sum + e.originalSize, 0);
  if (inflated > maxPassInflatedBytes)
    throw new UnreadableError(`a zip whose files inflate to more than ${maxPassInflatedBytes / 1024 / 1024} MB`);
  const byStart = [...entries].sort((a, b) => a.start - b.start);
  for (let i = 1; i < byStart.length; i++) {
    if (byStart[i]!.start < byStart[i - 1]!.end)
      throw new UnreadableError(`a zip whose entries ${byStart[i - 1]!.name} and ${byStart[i]!.name} overlap`);
  }
  return entries.length;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null;

/** pass.json of a .pkpass, read without inflating anything else. */
export function passJsonOf(bytes: Uint8Array): Node {
  const checked = checkPassArchive(bytes);
  let entries = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (entry) => {
        if (++entries > maxPassEntries) throw new UnreadableError(`a zip of more than ${maxPassEntries} files`);
        if (entry.name !== 'pass.json') return false;
        if (entry.originalSize > maxPassJsonBytes || entry.size > maxPassJsonBytes) {
          throw new UnreadableError(`a pass.json larger than ${maxPassJsonBytes / 1024} KB`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof UnreadableError) throw error;
    throw damaged();
  }
  // fflate's own listing of the directory must be the one checked above.
  if (entries !== checked) throw damaged();
  const json = files['pass.json'];
  if (!json) throw new UnreadableError('a zip without pass.json, so not a wallet pass');
  const data = parseLooseJson(new TextDecoder().decode(json));
  if (!isNode(data)) throw new UnreadableError('a pass.json that is not an object');
  return data;
}

interface Field {
  key: string;
  label: string;
  value: string;
}

function fieldsOf(structure: Node): Field[] {
  const fields: Field[] = [];
  for (const group of ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields']) {
    const list = structure[group];
    if (!Array.isArray(list)) continue;
    for (const f of list) {
      if (!isNode(f)) continue;
      const value = str(f.value);
      if (value) fields.push({ key: str(f.key) ?? '', label: str(f.label) ?? '', value });
    }
  }
  return fields;
}

const find = (fields: Field[], pattern: RegExp) =>
  fields.find((f) => pattern.test(f.key) || pattern.test(f.label))?.value ?? null;
const isoDate = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v : null);

const transitTypes: Record<string, BookingType> = {
  PKTransitTypeAir: 'flight',
  PKTransitTypeTrain: 'train',
  PKTransitTypeBus: 'bus',
  PKTransitTypeBoat: 'boat',
  PKTransitTypeGeneric: 'bus',
};

function placeOf(
  code: string | null,
  semanticName: string | null,
  label: string | null,
  location: unknown,
): BookingPlace | null {
  if (!code && !semanticName && !label) return null;
  const loc = isNode(location) ? location : {};
  const latitude = typeof loc.latitude === 'number' ? loc.latitude : null;
  const longitude = typeof loc.longitude === 'number' ? loc.longitude : null;
  const validCode = code && /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : null;
  // The field's label is often the city in capitals: the airport's own name reads better.
  const name = semanticName ?? (validCode ? airportByCode(validCode)?.name : null) ?? label;
  return completePlace({ name, code: validCode, address: null, latitude, longitude });
}

/** The booking an Apple Wallet pass stands for: boarding passes and event tickets, from `semantics` where the pass has them. */
export function bookingFromPass(pass: Node, file: string | null): Booking | null {
  const semantics = isNode(pass.semantics) ? pass.semantics : {};
  const styleName = ['boardingPass', 'eventTicket', 'generic', 'coupon', 'storeCard'].find((s) => isNode(pass[s]));
  const structure = styleName ? (pass[styleName] as Node) : {};
  const fields = fieldsOf(structure);
  let type: BookingType | null = null;
  if (styleName === 'boardingPass') type = transitTypes[str(structure.transitType) ?? ''] ?? 'flight';
  else if (styleName === 'eventTicket' || str(semantics.eventName) || str(semantics.eventStartDate)) type = 'event';
  if (!type) return null;

  const relevantDates = Array.isArray(pass.relevantDates) ? pass.relevantDates.filter(isNode) : [];
  const start =
    isoDate(
      str(semantics.currentDepartureDate) ?? str(semantics.originalDepartureDate) ?? str(semantics.eventStartDate),
    ) ??
    isoDate(fields.find((f) => /depart|date|time|start/i.test(f.key) && isoDate(f.value))?.value ?? null) ??
    isoDate(str(relevantDates[0]?.startDate) ?? str(relevantDates[0]?.relevantDate) ?? str(pass.relevantDate));
  if (!start) return null;
  const end =
    isoDate(str(semantics.currentArrivalDate) ?? str(semantics.originalArrivalDate) ?? str(semantics.eventEndDate)) ??
    isoDate(str(relevantDates[0]?.endDate) ?? null);
  const passenger = isNode(semantics.passengerName)
    ? [str(semantics.passengerName.givenName), str(semantics.passengerName.familyName)].filter(Boolean).join(' ')
    : find(fields, /passenger|traveller|traveler|^name$/i);
  const attendees = Array.isArray(semantics.attendeeNames)
    ? semantics.attendeeNames.map(str).filter((n): n is string => !!n)
    : [];
  const total = isNode(semantics.totalPrice) ? semantics.totalPrice : null;
  const amount = total ? minorUnits(total.amount) : null;
  const currency = total ? str(total.currencyCode) : null;
  const base = {
    type,
    confirmationNumber:
      str(semantics.confirmationNumber) ?? find(fields, /confirmation|booking|pnr|reservation|record.?locator/i),
    travellers: [...(passenger ? [passenger] : []), ...attendees],
    seat: find(fields, /^seat/i),
    price:
      amount !== null && currency && /^[A-Z]{3}$/i.test(currency) ? { amount, currency: currency.toUpperCase() } : null,
    cancelled: false,
    source: { kind: 'pkpass' as const, file },
  };
  const organization = str(pass.organizationName);

  if (type === 'event') {
    const venue = isNode(semantics.venueLocation) ? semantics.venueLocation : {};
    const primary =
      Array.isArray(structure.primaryFields) && isNode(structure.primaryFields[0])
        ? str(structure.primaryFields[0].value)
        : null;
    const venueName = str(semantics.venueName) ?? find(fields, /^loc|venue|location|place/i);
    return {
      ...base,
      title: str(semantics.eventName) ?? primary ?? str(pass.description) ?? 'Event',
      provider: organization,
      number: null,
      start,
      end,
      timeZone: null,
      startLocation:
        venueName || venue.latitude !== undefined
          ? completePlace({
              name: venueName,
              code: null,
              address: str(semantics.venueAddress),
              latitude: typeof venue.latitude === 'number' ? venue.latitude : null,
              longitude: typeof venue.longitude === 'number' ? venue.longitude : null,
            })
          : null,
      endLocation: null,
    };
  }

  // A boarding pass: the first two primary fields are the origin and the destination.
  const primary = Array.isArray(structure.primaryFields) ? structure.primaryFields.filter(isNode) : [];
  const fromCode = str(semantics.departureAirportCode) ?? str(primary[0]?.value);
  const toCode = str(semantics.arrivalAirportCode) ?? str(primary[1]?.value);
  const from = placeOf(
    fromCode,
    str(semantics.departureAirportName) ?? str(semantics.departureStationName),
    str(primary[0]?.label),
    semantics.departureLocation,
  );
  const to = placeOf(
    toCode,
    str(semantics.arrivalAirportName) ?? str(semantics.destinationStationName),
    str(primary[1]?.label),
    semantics.arrivalLocation,
  );
  const carrier = str(semantics.airlineCode);
  const rawNumber =
    str(semantics.flightCode) ??
    (str(semantics.flightNumber) ? `${carrier ?? ''}${str(semantics.flightNumber)}` : null) ??
    str(semantics.vehicleNumber) ??
    find(fields, /flight|train|^number$|service/i);
  const provider = str(semantics.airlineName) ?? str(semantics.transitProvider) ?? organization;
  return journeyBooking(base, { number: rawNumber, provider, start, end, from, to });
}
