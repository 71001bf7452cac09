// The booking parser's worker thread: answers { id, parsed } for each { id, file } it is sent.
// Bundled for production as booking-parser.js beside the server's main.js (apps/server/scripts/build.mjs).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { SourceFile } from './read-file';

/**
 * The lowest priority (nice 19): the kernel runs a parse only on CPU the request thread leaves.
 * In production only: a test run's own threads (other test files, at normal priority, beside the
 * server they test) would starve a parse of the CPU that a server's idle request thread leaves it.
 */
const parserNice = process.env.NODE_ENV === 'production' ? 19 : 0;

/**
 * Lowers this thread alone (Linux's nice is per thread: /proc/thread-self names it), before the
 * parsers load. Elsewhere, or where it is not allowed, the thread keeps its priority and the
 * parse still runs within its budgets.
 */
function lowerPriority(): void {
  if (parserNice === 0) return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, parserNice);
  } catch {
    // Not Linux, or not allowed.
  }
}

const port = parentPort;
if (port) {
  lowerPriority();
  const [{ parseBookingFile }, { loadPdfJs }, { loadReader, loadImageDecoder }] = await Promise.all([
    import('./parse-file'),
    import('./pdf'),
    import('./barcodes'),
  ]);
  port.on('message', async ({ id, file }: { id: number; file: SourceFile }) => {
    port.postMessage({ id, parsed: await parseBookingFile(file) });
  });
  // pdf.js, the barcode reader and libvips load before the first file, outside its time budget.
  await Promise.all([loadPdfJs(), loadReader(), loadImageDecoder()]);
  // Loaded: the pool starts a file's clock only from here.
  port.postMessage({ ready: true });
}
