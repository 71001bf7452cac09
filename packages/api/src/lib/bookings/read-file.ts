import { Parser } from 'htmlparser2';
import { type ParsedMail, simpleParser } from 'mailparser';
import { barcodesIn, decodeImage, type RgbaImage } from './barcodes';
import { bookingsFromBoardingPass } from './bcbp';
import type { Booking } from './booking';
import { bookingsFromCalendar } from './calendar';
import { bookingsFromHtml, maxJsonBytes, parseLooseJson, UnreadableError } from './html';
import { bookingsFromSchemaOrg } from './schema-org';
import { readPdf } from './pdf';
import { bookingsFromPlainText } from './plain-text';
import { bookingFromPass, passJsonOf } from './wallet-pass';

export { UnreadableError };

/** What one upload or paste may be. */
export type FileKind = 'eml' | 'html' | 'ics' | 'pkpass' | 'json' | 'text' | 'pdf' | 'image';

export interface SourceFile {
  /** The file's name; null for pasted text. */
  name: string | null;
  bytes: Uint8Array;
}

export interface FileResult {
  bookings: Booking[];
  /** Problems that did not stop the file from being read (a broken JSON-LD block beside good ones). */
  problems: string[];
}

// A MIME bomb (parts nested within parts, or thousands of them) is refused by counting its
// headers before the parser walks them; no real confirmation comes near these numbers.
const maxMimeParts = 200;
const maxMultipartSections = 20;
const maxNestedMessages = 2;

const byExtension: Record<string, FileKind | 'sniff'> = {
  eml: 'eml',
  html: 'html',
  htm: 'html',
  ics: 'ics',
  ical: 'ics',
  ifb: 'ics',
  pkpass: 'pkpass',
  json: 'json',
  jsonld: 'json',
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  txt: 'sniff',
  text: 'sniff',
};

const headerLine =
  /^(received|return-path|delivered-to|from|to|subject|date|message-id|mime-version|content-type|dkim-signature|x-[\w-]+):/i;

/** A `<script … ld+json>` tag anywhere in the text, found in one pass (a `[^>]+` pattern backtracks on a tag that never closes). */
function hasJsonLdScript(text: string): boolean {
  const lower = text.toLowerCase();
  for (let at = lower.indexOf('<script'); at >= 0; ) {
    const close = lower.indexOf('>', at);
    if (close < 0) return false;
    if (lower.slice(at + '<script'.length + 1, close).includes('ld+json')) return true;
    at = lower.indexOf('<script', close);
  }
  return false;
}

/** Which reader a file needs: by its extension, else by its first bytes; null when it is none of them. */
export function kindOf(file: SourceFile): FileKind | null {
  const extension = file.name?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension) {
    const known = byExtension[extension];
    if (!known) return null;
    if (known !== 'sniff') return known;
  }
  const bytes = file.bytes;
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'pkpass';
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d)
    return 'pdf';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image';
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.includes('\u0000')) return null;
  if (/^BEGIN:VCALENDAR/i.test(head)) return 'ics';
  if (/^[[{]/.test(head)) return 'json';
  if (headerLine.test(head) && /\r?\n\r?\n/.test(head)) return 'eml';
  if (
    /<(html|head|body|script|div|table|p|span|meta)\b/i.test(head) ||
    hasJsonLdScript(new TextDecoder().decode(bytes))
  )
    return 'html';
  // Pasted text or a .txt file with none of the above: a confirmation or boarding pass in plain words.
  return 'text';
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');

async function readEmail(bytes: Uint8Array, name: string | null, depth: number): Promise<FileResult> {
  // latin1 keeps one character per byte, enough to count headers.
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const multiparts = raw.match(/content-type:\s*multipart\//gi)?.length ?? 0;
  if (multiparts > maxMultipartSections)
    throw new UnreadableError(
      `an e-mail with ${multiparts} nested or repeated multipart sections (at most ${maxMultipartSections})`,
    );
  const parts = raw.match(/^content-type:/gim)?.length ?? 0;
  if (parts > maxMimeParts) throw new UnreadableError(`an e-mail of ${parts} parts (at most ${maxMimeParts})`);
  let mail: ParsedMail;
  try {
    mail = await simpleParser(Buffer.from(bytes), {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      skipImageLinks: true,
    });
  } catch {
    throw new UnreadableError('not a readable e-mail');
  }
  const result: FileResult = { bookings: [], problems: [] };
  if (typeof mail.html === 'string' && mail.html) {
    const found = bookingsFromHtml(mail.html, name);
    result.bookings.push(...found.bookings);
    result.problems.push(...found.problems);
  }
  // A confirmation without markup: its words, from the plain-text part or the page's text.
  const words = mail.text || (typeof mail.html === 'string' ? textOfPage(mail.html) : '');
  const fromWords = result.bookings.length === 0 && words ? bookingsFromPlainText(words, name, new Date()) : [];
  // Attachments: an invitation, a wallet pass, a page or another message forwarded inside this one.
  for (const attachment of mail.attachments) {
    const isMessage = attachment.contentType === 'message/rfc822';
    if (isMessage && depth >= maxNestedMessages) continue;
    const attached: SourceFile = {
      name:
        attachment.filename ??
        (isMessage
          ? 'message.eml'
          : attachment.contentType === 'text/calendar'
            ? 'invite.ics'
            : attachment.contentType === 'application/vnd.apple.pkpass'
              ? 'pass.pkpass'
              : null),
      bytes: new Uint8Array(attachment.content),
    };
    const kind = kindOf(attached);
    if (!kind) continue;
    try {
      const found = await readKind(kind, attached, name, depth + 1);
      result.bookings.push(...found.bookings);
      result.problems.push(...found.problems);
    } catch (error) {
      if (!(error instanceof UnreadableError)) throw error;
      result.problems.push(`The attachment ${attached.name ?? ''} is ${error.message}`.replace('  ', ' '));
    }
  }
  if (result.bookings.length === 0) result.bookings.push(...fromWords);
  return result;
}

const blockEnds = new Set(['br', 'p', 'div', 'tr', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table']);

/** A page's words, for reading a confirmation without markup: tags dropped, block ends as line breaks. */
function textOfPage(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname: (tag) => {
        if (tag === 'script' || tag === 'style') hidden++;
      },
      onclosetag: (tag) => {
        if (tag === 'script' || tag === 'style') hidden = Math.max(0, hidden - 1);
        else if (blockEnds.has(tag)) parts.push('\n');
        else parts.push(' ');
      },
      ontext: (text) => {
        if (hidden === 0) parts.push(text.replaceAll('\u00a0', ' '));
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return parts.join('');
}

/** The flights in the images' boarding-pass barcodes. */
async function bookingsFromBarcodes(images: RgbaImage[], reportAs: string | null): Promise<Booking[]> {
  const found: Booking[] = [];
  for (const image of images)
    for (const code of await barcodesIn(image)) found.push(...bookingsFromBoardingPass(code, reportAs, new Date()));
  return found;
}

/**
 * A PDF's bookings: those in its words, and the flights in its barcodes. A flight both give is kept
 * once, with the words' times and the barcode's seat, confirmation and passenger.
 */
async function readPdfFile(bytes: Uint8Array, reportAs: string | null): Promise<FileResult> {
  const content = await readPdf(bytes);
  const bookings = bookingsFromPlainText(content.text, reportAs, new Date());
  for (const coded of await bookingsFromBarcodes(content.images, reportAs)) {
    const same = bookings.find(
      (booking) => booking.number === coded.number && booking.start.slice(0, 10) === coded.start.slice(0, 10),
    );
    if (!same) bookings.push(coded);
    else {
      same.seat ??= coded.seat;
      same.confirmationNumber ??= coded.confirmationNumber;
      if (same.travellers.length === 0) same.travellers = coded.travellers;
    }
  }
  return { bookings, problems: [] };
}

async function readKind(kind: FileKind, file: SourceFile, reportAs: string | null, depth: number): Promise<FileResult> {
  switch (kind) {
    case 'eml':
      return readEmail(file.bytes, reportAs, depth);
    case 'html': {
      const page = text(file.bytes);
      const found = bookingsFromHtml(page, reportAs);
      if (found.bookings.length === 0)
        found.bookings.push(...bookingsFromPlainText(textOfPage(page), reportAs, new Date()));
      return found;
    }
    case 'text':
      return { bookings: bookingsFromPlainText(text(file.bytes), reportAs, new Date()), problems: [] };
    case 'ics': {
      const problems: string[] = [];
      return { bookings: bookingsFromCalendar(text(file.bytes), reportAs, problems), problems };
    }
    case 'json':
      // Refused by its size before it is decoded, let alone parsed.
      if (file.bytes.byteLength > maxJsonBytes)
        throw new UnreadableError(`larger than ${maxJsonBytes / 1024 / 1024} MB of JSON`);
      return {
        bookings: bookingsFromSchemaOrg(parseLooseJson(text(file.bytes)), 'json-ld', reportAs).bookings,
        problems: [],
      };
    case 'pdf':
      return readPdfFile(file.bytes, reportAs);
    case 'image':
      return { bookings: await bookingsFromBarcodes([await decodeImage(file.bytes)], reportAs), problems: [] };
    case 'pkpass': {
      const booking = bookingFromPass(passJsonOf(file.bytes), reportAs);
      return { bookings: booking ? [booking] : [], problems: [] };
    }
  }
}

/** The bookings in one file (or pasted text); UnreadableError when it is none of the supported kinds or cannot be read within bounds. */
export async function readBookingFile(file: SourceFile): Promise<FileResult> {
  const kind = kindOf(file);
  if (!kind)
    throw new UnreadableError(
      'not an e-mail (.eml), web page (.html), calendar (.ics), wallet pass (.pkpass), JSON-LD (.json), PDF, image (.png, .jpg) or text file',
    );
  return readKind(kind, file, file.name, 0);
}
