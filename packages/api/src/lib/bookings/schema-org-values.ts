import type { Booking, BookingPlace } from './booking';
import { completePlace } from './places';

export type Node = Record<string, unknown>;
export const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

// The values schema.org markup holds (texts, names, places, prices, date-times), read whatever
// shape a sender wrote them in: a list (microdata always gives lists), a string or a nested thing.

/** The first value of a property that may be a list (microdata always gives lists). */
export const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

export function text(v: unknown): string | null {
  const value = first(v);
  if (typeof value === 'string') {
    const trimmed = value.replace(/\s+/g, ' ').trim();
    return trimmed === '' || trimmed === '?' ? null : trimmed;
  }
  if (typeof value === 'number') return String(value);
  if (isNode(value)) return text(value['@value'] ?? value.name);
  return null;
}

export const nameOf = (v: unknown): string | null => {
  const value = first(v);
  return isNode(value) ? text(value.name) : text(value);
};

export function names(...values: unknown[]): string[] {
  const found: string[] = [];
  for (const v of values) {
    for (const item of Array.isArray(v) ? v : [v]) {
      const name = isNode(item) ? (text(item.name) ?? [text(item.givenName), text(item.familyName)].filter(Boolean).join(' ')) : text(item);
      if (name && !found.includes(name)) found.push(name);
    }
  }
  return found;
}

function address(v: unknown): string | null {
  const value = first(v);
  if (!isNode(value)) return text(value);
  const parts = [value.streetAddress, value.addressLocality, [text(value.addressRegion), text(value.postalCode)].filter(Boolean).join(' '), value.addressCountry]
    .map((p) => (isNode(first(p)) ? nameOf(p) : text(p)))
    .filter((p): p is string => !!p);
  return parts.length ? parts.join(', ') : null;
}

const locality = (v: unknown): string | null => {
  const value = first(v);
  return isNode(value) ? text(value.addressLocality) : null;
};

function coordinate(v: unknown): number | null {
  const value = first(v);
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

export function place(v: unknown): BookingPlace | null {
  const value = first(v);
  if (value === undefined || value === null) return null;
  if (!isNode(value)) {
    const name = text(value);
    return name ? completePlace({ name, code: null, address: null, latitude: null, longitude: null }) : null;
  }
  const geo = isNode(first(value.geo)) ? (first(value.geo) as Node) : value;
  const code = text(value.iataCode);
  const result: BookingPlace = {
    name: text(value.name),
    code: code && /^[A-Za-z0-9]{3,5}$/.test(code) ? code.toUpperCase() : null,
    address: address(value.address),
    latitude: coordinate(geo.latitude),
    longitude: coordinate(geo.longitude),
  };
  if (!result.name && !result.code && !result.address) return null;
  return completePlace(result, locality(value.address));
}

/** "1,085.00", "45", 119 → minor units; null when it is not a price. */
export function minorUnits(v: unknown): number | null {
  const value = first(v);
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  if (typeof value !== 'string') return null;
  let s = value.replace(/[^\d.,]/g, '');
  if (s.includes('.') && s.includes(',')) s = s.replace(/,/g, '');
  else if (/,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  else s = s.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

export function price(...holders: unknown[]): Booking['price'] {
  for (const h of holders) {
    const holder = first(h);
    if (!isNode(holder)) continue;
    const total = first(holder.totalPrice);
    const spec = isNode(total) ? total : isNode(first(holder.priceSpecification)) ? (first(holder.priceSpecification) as Node) : null;
    const amount = spec ? minorUnits(spec.price) : minorUnits(total ?? holder.price);
    const currency = text(spec?.priceCurrency) ?? text(holder.priceCurrency);
    if (amount !== null && currency && /^[A-Za-z]{3}$/.test(currency)) return { amount, currency: currency.toUpperCase() };
  }
  return null;
}

export const cancelledStatus = (v: unknown) => /cancel/i.test(text(v) ?? '');

/** A date-time as the markup gives it (ISO 8601), or null. */
export function when(...values: unknown[]): string | null {
  for (const v of values) {
    const s = text(v);
    if (s && /^\d{4}-\d{2}-\d{2}/.test(s)) return s.replace(' ', 'T');
  }
  return null;
}
