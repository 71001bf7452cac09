// Hostile files for the bad-input tests: PDF and image bombs, each small on disk.
import { deflateSync } from 'node:zlib';

/** A PDF from its numbered objects (1 is the catalog), with a correct cross-reference table. */
function pdfOf(objects: (string | Buffer)[]): Uint8Array {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
  ].join('');
  chunks.push(Buffer.from(xref));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A million pages in a few hundred bytes: each level of the page tree lists the next level 100 times. */
export function pageCountBomb(): Uint8Array {
  const fanOut = (kid: number) => Array.from({ length: 100 }, () => `${kid} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${fanOut(3)}] /Count 1000000 >>`,
    `<< /Type /Pages /Parent 2 0 R /Kids [${fanOut(4)}] /Count 10000 >>`,
    `<< /Type /Pages /Parent 3 0 R /Kids [${fanOut(5)}] /Count 100 >>`,
    '<< /Type /Page /Parent 4 0 R /MediaBox [0 0 612 792] >>',
  ]);
}

/** A page whose resources nest dictionaries 200,000 deep. */
export function deepNestingBomb(): Uint8Array {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources 4 0 R >>',
    `${'<< /A '.repeat(200_000)}1${' >>'.repeat(200_000)}`,
  ]);
}

/** A page whose content stream, compressed twice over to 2 KB, inflates to 400 MB of drawing operators. */
export function streamBomb(): Uint8Array {
  const content = deflateSync(deflateSync(Buffer.alloc(400 * 1024 * 1024, 'q Q ')), { level: 9 });
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} /Filter [/FlateDecode /FlateDecode] >>\nstream\n`),
      content,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/** A PNG that declares 100,000 × 100,000 pixels (all its rows would inflate to 40 GB). */
export function imageBomb(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(64 * 1024 * 1024));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', rows),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}
