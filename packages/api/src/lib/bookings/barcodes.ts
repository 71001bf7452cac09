// Barcodes on boarding passes and tickets (PDF417, Aztec, QR, Data Matrix), read by zxing-wasm.
// Its WebAssembly binary loads from node_modules: nothing is ever fetched.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Sharp, SharpOptions } from 'sharp';
import type { ReadResult } from 'zxing-wasm/reader';
import { UnreadableError } from './html';

const imageBounds = {
  /** Pixels an uploaded image may declare; beyond, it is refused before it is decoded. */
  pixels: 40_000_000,
  /** The longer side a photo is scaled down to before it is scanned. */
  scanSide: 2400,
};

/** Pixels, four bytes (RGBA) each. */
export interface RgbaImage {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

// libvips loads with the first image read, not at start: it takes time and tens of megabytes.
// The parser's worker loads it before its first file (parse-worker.ts), outside the file's budget.
let loadSharp: Promise<(input: Uint8Array, options: SharpOptions) => Sharp> | undefined;
export const loadImageDecoder = () => (loadSharp ??= import('sharp').then((module) => module.default));

let reader: Promise<typeof import('zxing-wasm/reader')> | null = null;

/** zxing-wasm's reader, its WebAssembly compiled. */
export function loadReader() {
  reader ??= import('zxing-wasm/reader').then(async (zxing) => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    zxing.prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    });
    await zxing.getZXingModule();
    return zxing;
  });
  return reader;
}

/** The texts of the barcodes in one image, in the order found. */
export async function barcodesIn(image: RgbaImage): Promise<string[]> {
  const zxing = await loadReader();
  const results: ReadResult[] = await zxing.readBarcodes(
    { data: image.data, width: image.width, height: image.height, colorSpace: 'srgb' },
    { formats: ['PDF417', 'Aztec', 'QRCode', 'DataMatrix'], tryHarder: true, maxNumberOfSymbols: 8 },
  );
  return results.filter((result) => result.isValid && result.text).map((result) => result.text);
}

/** A PNG or JPEG decoded to RGBA, scaled down to a scannable size; an image bomb is refused by its declared size. */
export async function decodeImage(bytes: Uint8Array): Promise<RgbaImage> {
  const sharp = await loadImageDecoder();
  // Its declared size, read from the header alone (no pixel limit yet, so the size can be named).
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata) throw new UnreadableError('not a readable image');
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > imageBounds.pixels)
    throw new UnreadableError(
      `an image of ${metadata.width} × ${metadata.height} pixels (at most ${imageBounds.pixels / 1_000_000} million)`,
    );
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: imageBounds.pixels })
      .rotate()
      .resize({ width: imageBounds.scanSide, height: imageBounds.scanSide, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8ClampedArray(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new UnreadableError('not a readable image');
  }
}
