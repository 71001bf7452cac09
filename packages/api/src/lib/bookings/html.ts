/// <reference path="../../types/microdata-node.d.ts" />
import { decodeHTML } from 'entities';
import { DomUtils, parseDocument } from 'htmlparser2';
import { jsonrepair } from 'jsonrepair';
import microdata, { type MicrodataItem } from 'microdata-node';
import { bookingsFromSchemaOrg } from './schema-org';
import type { Booking } from './booking';

/** A JSON-LD block or JSON file larger than this is not a booking confirmation. */
export const maxJsonBytes = 1024 * 1024;

export class UnreadableError extends Error {}

/** Every string in a parsed document with its HTML entities decoded (mails often escape `&` as `&amp;` inside JSON-LD). */
function decodeStrings(value: unknown, depth = 0): unknown {
  if (depth > 64) return null;
  if (typeof value === 'string') return value.includes('&') ? decodeHTML(value) : value;
  if (Array.isArray(value)) return value.map((v) => decodeStrings(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeStrings(v, depth + 1)]));
  }
  return value;
}

/**
 * JSON as real confirmation mails carry it: valid JSON, or what jsonrepair can recover
 * (trailing commas, comments, single quotes, several objects in a row), also when the whole
 * block was HTML-escaped. Throws UnreadableError when none of that works.
 */
export function parseLooseJson(raw: string): unknown {
  if (raw.length > maxJsonBytes) throw new UnreadableError(`larger than ${maxJsonBytes / 1024 / 1024} MB of JSON`);
  const text = raw
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, '')
    .trim();
  const attempts = [text, text.includes('&') ? decodeHTML(text) : null].filter((t): t is string => t !== null);
  for (const attempt of attempts) {
    try {
      return decodeStrings(JSON.parse(attempt));
    } catch {
      // Not strict JSON: try to repair it.
    }
    try {
      return decodeStrings(JSON.parse(jsonrepair(attempt)));
    } catch {
      // Not repairable either.
    }
  }
  throw new UnreadableError('not readable as JSON');
}

/** A microdata item as a JSON-LD-like object, so one reader handles both. */
function itemToNode(item: MicrodataItem, depth = 0): Record<string, unknown> {
  const node: Record<string, unknown> = { '@type': item.type ?? [] };
  if (depth > 32) return node;
  for (const [key, values] of Object.entries(item.properties)) {
    const converted = values.map((v) => (typeof v === 'string' ? v : itemToNode(v, depth + 1)));
    node[key] = converted.length === 1 ? converted[0] : converted;
  }
  return node;
}

export interface HtmlResult {
  bookings: Booking[];
  problems: string[];
}

/** schema.org reservations in an HTML page or e-mail body: every JSON-LD script, then microdata. */
export function bookingsFromHtml(html: string, file: string | null): HtmlResult {
  const problems: string[] = [];
  const bookings: Booking[] = [];
  const document = parseDocument(html);
  const scripts = DomUtils.findAll(
    (el) => el.name === 'script' && /ld\+json/i.test(el.attribs.type ?? ''),
    document.children,
  );
  for (const script of scripts) {
    try {
      const data = parseLooseJson(DomUtils.textContent(script));
      bookings.push(...bookingsFromSchemaOrg(data, 'json-ld', file).bookings);
    } catch (error) {
      if (!(error instanceof UnreadableError)) throw error;
      problems.push(`A JSON-LD block is ${error.message}`);
    }
  }
  if (/\bitemscope\b/i.test(html)) {
    const { items } = microdata.toJson(html);
    bookings.push(
      ...bookingsFromSchemaOrg(
        items.map((i) => itemToNode(i)),
        'microdata',
        file,
      ).bookings,
    );
  }
  return { bookings, problems };
}
