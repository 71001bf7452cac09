// What the parser answers for one file, and how a file is named in its warnings: shared by the
// parser process and the pool that runs it, which must not load the parsers themselves (the
// server starts without them; only the parser process reads files).
import type { Booking } from './booking';

/** What one file holds: its readable bookings, what to warn about, and why it could not be read at all. */
export interface ParsedFile {
  bookings: Booking[];
  warnings: string[];
  /** Set when the file could not be read at all. */
  failure: string | null;
}

export const fileLabel = (file: { name: string | null }) => file.name ?? 'The pasted text';
