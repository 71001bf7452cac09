// Writes the barcode and PDF samples of the booking corpus (corpus/barcodes/ and corpus/pdf/, see its
// SOURCES.md): a two-page boarding-pass PDF with a PDF417 barcode, and a photo-like JPEG of an Aztec
// one, both holding the IATA BCBP text of corpus/text/bcbp-two-legs.txt. Run: `pnpm corpus:barcodes`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const corpus = join(import.meta.dirname, '../src/routers/bookings/corpus');
const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
});

/** A barcode as PNG bytes. */
export async function barcodePng(
  text: string,
  format: 'PDF417' | 'Aztec' | 'QRCode' | 'DataMatrix',
  scale = 3,
): Promise<Uint8Array> {
  const written = await writeBarcode(text, { format, scale });
  if (!written.image) throw new Error(written.error);
  return new Uint8Array(await written.image.arrayBuffer());
}

/** A two-page boarding pass: the passenger's words on the first page, the barcode on the second. */
export async function boardingPassPdf(
  barcode: Uint8Array,
  lines = ['BOARDING PASS', 'Passenger: DESMARAIS/LUC', 'Please show the barcode on the next page at the gate.'],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date('2026-08-12T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-08-12T00:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const first = pdf.addPage([595, 842]);
  for (const [i, line] of lines.entries()) first.drawText(line, { x: 50, y: 780 - i * 24, size: 14, font });
  const second = pdf.addPage([595, 842]);
  const image = await pdf.embedPng(barcode);
  second.drawText('Scan at the gate', { x: 50, y: 780, size: 14, font });
  second.drawImage(image, { x: 50, y: 500, width: image.width / 2, height: image.height / 2 });
  return pdf.save();
}

/** A ticket printed as a PDF: its text lines on one page, as a rail operator's "print at home" ticket. */
export async function textPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(new Date('2027-06-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2027-06-01T00:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 40, y: 800 - i * 18, size: 10, font });
  return pdf.save();
}

/** The barcode as a phone would photograph it: on a grey card, slightly turned, blurred and saved as JPEG. */
export async function barcodePhoto(barcode: Uint8Array): Promise<Uint8Array> {
  const turned = await sharp(barcode)
    .rotate(7, { background: '#ffffff' })
    .extend({ top: 80, bottom: 80, left: 80, right: 80, background: '#ffffff' })
    .toBuffer();
  return new Uint8Array(
    await sharp(turned)
      .flatten({ background: '#ffffff' })
      .blur(0.8)
      .modulate({ brightness: 0.85 })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

if (process.argv[1] === import.meta.filename) {
  const bcbp = readFileSync(join(corpus, 'text/bcbp-two-legs.txt'), 'utf8').trim();
  writeFileSync(
    join(corpus, 'barcodes/boarding-pass-pdf417.pdf'),
    await boardingPassPdf(await barcodePng(bcbp, 'PDF417')),
  );
  writeFileSync(
    join(corpus, 'barcodes/boarding-pass-aztec-photo.jpg'),
    await barcodePhoto(await barcodePng(bcbp, 'Aztec', 6)),
  );
  // Deutsche Bahn's ticket as the PDF it is sent as (the arrow, outside the PDF's standard font, as "-").
  const ticket = readFileSync(join(corpus, 'text/rail-db-online-ticket.txt'), 'utf8').replaceAll('→', '-');
  writeFileSync(join(corpus, 'pdf/rail-db-online-ticket.pdf'), await textPdf(ticket.trimEnd().split('\n')));
}
