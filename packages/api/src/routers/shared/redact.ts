import { expenseCurrencies } from '@naav/schemas/budget';

/** What a share link shows beyond dates, places and the itinerary: each is the owner's choice per link. */
export interface LinkShows {
  bookingReferences: boolean;
  travellerNames: boolean;
  prices: boolean;
}

export const showsNothingExtra: LinkShows = { bookingReferences: false, travellerNames: false, prices: false };

// A booking reference and a surname are enough to change a flight, so a public page leaves them out
// unless the owner chose otherwise. They live in free text (a booking import writes
// "Confirmation: XK7P2Q" and "Travellers: Maya Tanaka" into the event's description; people type
// them into titles and notes), so the text is cleaned line by line.

const referenceLabel = String.raw`(?:confirmation|conf\.?|booking|reservation|record\s+locator|pnr|ticket)(?:\s+(?:number|no\.?|code|ref(?:erence)?|id))?`;
/** A labelled line, "Confirmation: XK7P2Q", "Booking ref - 12345": dropped whole. */
const referenceLine = new RegExp(String.raw`^\s*${referenceLabel}\s*[:#]`, 'i');
/** The same inside a sentence: "Hotel Gracery (conf. XK7P2Q)". The code is 4+ capitals or digits. */
const referenceInline = new RegExp(String.raw`\b${referenceLabel}\s*[:#–-]?\s*#?\s*([A-Za-z0-9-]{4,})`, 'gi');
const looksLikeCode = (code: string) =>
  /^[A-Z0-9-]+$/.test(code) && /[0-9A-Z]/.test(code) && (/\d/.test(code) || code.length >= 5);

const namesLine = /^\s*(?:lead\s+)?(?:travell?ers?|passengers?|guests?|names?|booked\s+(?:for|by))\s*:/i;

const priceLine = /^\s*(?:price|cost|total|paid|fare|amount|rate|fee)s?\b[^:]{0,20}:/i;
const codes = expenseCurrencies.join('|');
const digits = String.raw`\d[\d,.\s]*\d|\d`;
/** "¥168,000", "$ 12.50", "EUR 89.90", "120 USD", "€15": a currency sign or code beside a number. */
const amount = new RegExp(
  String.raw`(?:[$€£¥₩₹฿]|\b(?:${codes})\b)\s?(?:${digits})|(?:${digits})\s?(?:\b(?:${codes})\b|[€£¥₩₹฿])`,
  'g',
);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Tidies what removing a piece leaves: empty brackets, doubled spaces, dangling separators. */
const tidy = (s: string) =>
  s
    .replace(/\(\s*[,;·-]?\s*\)|\[\s*\]/g, '')
    .replace(/\s+([,;.)])/g, '$1')
    .replace(/([,;·-])\s*(?=[,;·-]|$)/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;·:-]+|[\s,;·:-]+$/g, '');

/**
 * A text as the link shows it: lines that hold only a hidden thing go, and hidden things inside
 * a line are cut out. `names` are the people on the trip (the owner and the companions).
 */
export function redactText(text: string | null, shows: LinkShows, names: readonly string[]): string | null {
  if (text === null) return null;
  const nameInline =
    !shows.travellerNames && names.length > 0 ? new RegExp(names.map(escapeRegExp).join('|'), 'gi') : null;
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    if (!shows.bookingReferences && referenceLine.test(line)) continue;
    if (!shows.travellerNames && namesLine.test(line)) continue;
    if (!shows.prices && priceLine.test(line)) continue;
    let out = line;
    if (!shows.bookingReferences)
      out = out.replace(referenceInline, (whole, code: string) => (looksLikeCode(code) ? '' : whole));
    if (nameInline) out = out.replace(nameInline, 'a traveller');
    if (!shows.prices) out = out.replace(amount, '');
    if (out !== line) {
      out = tidy(out);
      if (out === '') continue;
    }
    kept.push(out);
  }
  const result = kept.join('\n').trim();
  return result === '' ? null : result;
}

/** A title as the link shows it; never empty (an event keeps a name even when all of it was private). */
export function redactTitle(title: string, shows: LinkShows, names: readonly string[], fallback: string): string {
  return redactText(title, shows, names) ?? fallback;
}
