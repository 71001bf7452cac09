// The booking parser's worker thread: answers { id, parsed } for each { id, file } it is sent.
// Bundled for production as booking-parser.js beside the server's main.js (apps/server/scripts/build.mjs).
import { parentPort } from 'node:worker_threads';
import { loadReader } from './barcodes';
import { parseBookingFile } from './parse-file';
import { loadPdfJs } from './pdf';
import type { SourceFile } from './read-file';

const port = parentPort;
if (port) {
  port.on('message', async ({ id, file }: { id: number; file: SourceFile }) => {
    port.postMessage({ id, parsed: await parseBookingFile(file) });
  });
  // pdf.js and the barcode reader load before the first file, outside its time budget.
  await Promise.all([loadPdfJs(), loadReader()]);
  // Loaded: the pool starts a file's clock only from here.
  port.postMessage({ ready: true });
}
