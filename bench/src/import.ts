import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readBookingFile } from '@naav/api/read-booking-file';
import type { Row } from './table';

/**
 * Booking import throughput: a 2-page boarding-pass PDF (its text read by pdf.js, its PDF417
 * barcode scanned by zxing-wasm) and a photo of an Aztec boarding pass, read one after another on
 * one thread for a few seconds each, as one parser worker reads them. The corpus samples
 * (packages/api/src/routers/bookings/corpus/barcodes) are the files.
 */
export interface ImportReport {
  /** The first read: pdf.js and the WebAssembly decoder load. */
  coldMs: number;
  pdf: Throughput;
  photo: Throughput;
}

interface Throughput {
  perSecond: number;
  p50Ms: number;
  bookings: number;
}

const corpus = fileURLToPath(new URL('../../packages/api/src/routers/bookings/corpus/barcodes/', import.meta.url));

async function throughput(name: string, seconds: number): Promise<Throughput> {
  const bytes = new Uint8Array(readFileSync(corpus + name));
  const times: number[] = [];
  let bookings = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    bookings = (await readBookingFile({ name, bytes })).bookings.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((sum, t) => sum + t, 0);
  return { perSecond: (times.length * 1000) / total, p50Ms: times[Math.floor(times.length / 2)] ?? 0, bookings };
}

export async function benchImport(seconds = 5): Promise<ImportReport> {
  const started = performance.now();
  await readBookingFile({
    name: 'warm-up.pdf',
    bytes: new Uint8Array(readFileSync(`${corpus}boarding-pass-pdf417.pdf`)),
  });
  const coldMs = performance.now() - started;
  const pdf = await throughput('boarding-pass-pdf417.pdf', seconds);
  const photo = await throughput('boarding-pass-aztec-photo.jpg', seconds);
  if (pdf.bookings !== 2 || photo.bookings !== 2)
    throw new Error('the boarding-pass samples no longer give their two flights');
  return { coldMs, pdf, photo };
}

export function importRows(report: ImportReport): Row[] {
  return [
    {
      metric: 'Import: 2-page boarding-pass PDF (text + PDF417), one thread',
      value: `${report.pdf.perSecond.toFixed(1)} PDFs/s (p50 ${report.pdf.p50Ms.toFixed(0)} ms)`,
    },
    {
      metric: 'Import: photo of an Aztec boarding pass, one thread',
      value: `${report.photo.perSecond.toFixed(1)} photos/s (p50 ${report.photo.p50Ms.toFixed(0)} ms)`,
    },
    { metric: 'Import: first PDF (pdf.js and zxing-wasm load)', value: `${report.coldMs.toFixed(0)} ms` },
  ];
}
