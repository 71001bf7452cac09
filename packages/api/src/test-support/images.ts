import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Real images for photo tests, encoded by libvips (sharp) as a camera or an editor would
 * write them, and the broken or hostile files the upload must refuse.
 */

/** A JPEG taken "sideways": stored 400 × 200 with EXIF orientation 6 (turn 90° clockwise to view), the left half red and the right half blue; it carries a camera make and a GPS position in Lisbon. */
export async function sidewaysJpegWithGps(): Promise<Buffer> {
  const width = 400;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Naav Test Camera', Copyright: 'Traveller' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '9/1 8/1 0/1' },
    })
    .toBuffer();
}

/** A plain image of the given size and format. */
export function solidImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp',
  colour = '#0ea5e9',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    [format]()
    .toBuffer();
}

/** The first 78 bytes of a real JPEG: its markers and tables, no image behind them. */
export async function headerOnlyJpeg(): Promise<Buffer> {
  return (await solidImage(64, 64, 'jpeg')).subarray(0, 78);
}

/**
 * A PNG whose header claims 60,000 × 60,000 pixels (3.6 gigapixels, about 10 GB once
 * decoded) in under 100 bytes: a decompression bomb's announcement.
 */
export async function decompressionBombPng(): Promise<Buffer> {
  const bomb = Buffer.from(await solidImage(1, 1, 'png'));
  // IHDR's width and height follow the 8-byte signature and the chunk's length and type; its CRC follows them.
  bomb.writeUInt32BE(60_000, 16);
  bomb.writeUInt32BE(60_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/** The chunk types of a WebP file (RIFF container), in order: the image's and any metadata's (EXIF, XMP, ICCP). */
export function webpChunks(bytes: Uint8Array): string[] {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP')
    throw new Error('not a WebP file');
  const chunks: string[] = [];
  for (let offset = 12; offset + 8 <= data.length; ) {
    const size = data.readUInt32LE(offset + 4);
    chunks.push(data.toString('latin1', offset, offset + 4));
    // Chunks are padded to an even length.
    offset += 8 + size + (size % 2);
  }
  return chunks;
}
