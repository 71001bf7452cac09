// PDFs, read with pdf.js (its legacy build runs in Node): the text of every page, and the pictures
// painted on them to scan for barcodes. pdf.js renders nothing here (that needs a canvas); a boarding
// pass's barcode is an embedded image, taken from the page's drawing operations.
import { inflateSync } from 'node:zlib';
import type { RgbaImage } from './barcodes';
import { UnreadableError } from './html';

const pdfBounds = {
  /** Pages one PDF may have; a page-count bomb is refused before any page is read. */
  pages: 20,
  /** Wall time the reading may take before it is given up. */
  timeMs: 1500,
  /** Pixels of one embedded image pdf.js may decode; larger ones are skipped. */
  imagePixels: 16_000_000,
  /** Embedded images scanned for barcodes, in all. */
  images: 40,
  /** Arrays and dictionaries within one another, outside streams; real PDFs nest a handful deep. */
  nesting: 200,
  /** Bytes all compressed streams may inflate to, every layer of a chain of filters counted. */
  inflatedBytes: 64 * 1024 * 1024,
};

const bytesOf = (text: string) => new TextEncoder().encode(text);
const streamKeyword = bytesOf('stream');
const endStream = bytesOf('endstream');

/** What the one pass over a PDF's bytes finds before pdf.js parses anything. */
interface Scan {
  /** How deep arrays and dictionaries nest, stream contents skipped (pdf.js's parser recurses). */
  deepest: number;
  /** Whether some stream inflates beyond the budget (each layer of a chain of Flate filters inflated in turn). */
  inflatesTooMuch: boolean;
}

function scan(bytes: Uint8Array): Scan {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let depth = 0;
  let deepest = 0;
  let budget = pdfBounds.inflatedBytes;
  let dictionaryStart = 0;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === 0x73 && bytes[at - 1] !== 0x64 && buffer.subarray(at, at + 6).equals(streamKeyword)) {
      const end = buffer.indexOf(endStream, at + 6);
      if (end < 0) break;
      const flates =
        buffer
          .subarray(dictionaryStart, at)
          .toString('latin1')
          .match(/\/(FlateDecode|Fl)\b/g)?.length ?? 0;
      let data: Buffer = buffer.subarray(at + 6 + (bytes[at + 6] === 0x0d ? 2 : 1), end);
      for (let layer = 0; layer < flates && budget > 0; layer++) {
        try {
          data = inflateSync(data, { maxOutputLength: budget });
        } catch (error) {
          if (error instanceof RangeError) return { deepest, inflatesTooMuch: true };
          break; // Damaged or not zlib: pdf.js copes or refuses.
        }
        budget -= data.length;
      }
      at = end + endStream.length - 1;
      dictionaryStart = at;
      continue;
    }
    if (byte === 0x5b) depth++;
    else if (byte === 0x5d) depth--;
    else if (byte === 0x3c && bytes[at + 1] === 0x3c) {
      if (depth === 0) dictionaryStart = at;
      depth++;
      at++;
    } else if (byte === 0x3e && bytes[at + 1] === 0x3e) {
      depth--;
      at++;
    }
    if (depth < 0) depth = 0;
    if (depth > deepest) deepest = depth;
    if (deepest > pdfBounds.nesting) break;
  }
  return { deepest, inflatesTooMuch: false };
}

export interface PdfContent {
  /** The pages' text, one line per line of the page, pages apart by a blank line. */
  text: string;
  images: RgbaImage[];
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let library: Promise<PdfJs> | null = null;

/** pdf.js with its worker code loaded in this thread (no worker file looked up at run time). */
export function loadPdfJs(): Promise<PdfJs> {
  library ??= (async () => {
    // The minified builds: about half the heap of the readable ones, in a worker with a heap budget.
    // The worker module has no type declarations; it is only handed to pdf.js.
    const workerModule = 'pdfjs-dist/legacy/build/pdf.worker.min.mjs';
    const worker: unknown = await import(workerModule);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    const libraryModule = 'pdfjs-dist/legacy/build/pdf.min.mjs';
    return (await import(libraryModule)) as PdfJs;
  })();
  return library;
}

interface PdfImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/** pdf.js's decoded image (1-bit grey, RGB or RGBA rows) as RGBA; null when it is none of these. */
function rgbaOf(image: PdfImage): RgbaImage | null {
  const { width, height, kind, data } = image;
  if (!data || !width || !height) return null;
  const out = new Uint8ClampedArray(width * height * 4);
  if (kind === 3) out.set(data.subarray(0, out.length));
  else if (kind === 2) {
    for (let i = 0, j = 0; j < out.length; i += 3, j += 4) {
      out[j] = data[i] ?? 0;
      out[j + 1] = data[i + 1] ?? 0;
      out[j + 2] = data[i + 2] ?? 0;
      out[j + 3] = 255;
    }
  } else if (kind === 1) {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const on = ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1;
        const j = (y * width + x) * 4;
        const grey = on ? 255 : 0;
        out[j] = grey;
        out[j + 1] = grey;
        out[j + 2] = grey;
        out[j + 3] = 255;
      }
  } else return null;
  return { data: out, width, height };
}

function withDeadline<T>(work: Promise<T>, ms: number, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(new UnreadableError(`a PDF that takes longer than ${ms / 1000} s to read`));
    }, ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The text and images of a PDF, within its bounds; UnreadableError when it is no PDF or exceeds them. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const scanned = scan(bytes);
  if (scanned.deepest > pdfBounds.nesting)
    throw new UnreadableError(`a PDF whose objects nest more than ${pdfBounds.nesting} deep`);
  if (scanned.inflatesTooMuch)
    throw new UnreadableError(`a PDF whose streams inflate to more than ${pdfBounds.inflatedBytes / 1024 / 1024} MB`);
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: pdfBounds.imagePixels,
    verbosity: 0,
  });
  const read = async (): Promise<PdfContent> => {
    let document: Awaited<typeof task.promise>;
    try {
      document = await task.promise;
    } catch (error) {
      if (error instanceof Error && error.name === 'PasswordException')
        throw new UnreadableError('a password-protected PDF');
      throw new UnreadableError('not a readable PDF');
    }
    if (document.numPages > pdfBounds.pages)
      throw new UnreadableError(`a PDF of ${document.numPages} pages (at most ${pdfBounds.pages})`);
    const pages: string[] = [];
    const images: RgbaImage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
      pages.push(text);
      const operators = await page.getOperatorList();
      for (let at = 0; at < operators.fnArray.length && images.length < pdfBounds.images; at++) {
        const op = operators.fnArray[at];
        const args = operators.argsArray[at] as unknown[];
        let image: PdfImage | null = null;
        if (op === pdfjs.OPS.paintInlineImageXObject) image = args[0] as PdfImage;
        else if (op === pdfjs.OPS.paintImageXObject) {
          const id = args[0] as string;
          const objects = id.startsWith('g_') ? page.commonObjs : page.objs;
          // Decoded images arrive apart from the operator list: wait for this one.
          image = await new Promise<PdfImage>((resolve) => objects.get(id, resolve));
        }
        const rgba = image && rgbaOf(image);
        if (rgba) images.push(rgba);
      }
    }
    return { text: pages.join('\n\n'), images };
  };
  try {
    return await withDeadline(read(), pdfBounds.timeMs, () => void task.destroy());
  } catch (error) {
    if (error instanceof UnreadableError) throw error;
    // pdf.js's own errors: a broken file, or objects nested deeper than its parser's stack.
    if (error instanceof Error && /call stack/i.test(error.message))
      throw new UnreadableError('a PDF whose objects nest too deeply to read');
    throw new UnreadableError('not a readable PDF');
  } finally {
    void task.destroy();
  }
}
