import type { Booking } from './booking';
import { mergeSameBookings } from './merge';
import { fileLabel, type ParsedFile } from './parsed-file';
import { readBookingFile, UnreadableError, type SourceFile } from './read-file';
import { isReadableTime } from './times';

/** 10^12 minor units, the most an expense may be. */
const maxPriceAmount = 1_000_000_000_000;

/**
 * A booking as the preview may show it: a start that is no real date leaves the booking out,
 * an end that is none or a price beyond any fare leaves that field out; each is reported.
 */
function checkedBooking(booking: Booking, label: string, problems: string[]): Booking | null {
  const name = `"${booking.title}"`;
  const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 39)}…` : value);
  if (!isReadableTime(booking.start)) {
    problems.push(
      `${label}: the start of ${name} (${shown(booking.start)}) is not a real date or time, so the booking was left out`,
    );
    return null;
  }
  const checked = { ...booking };
  if (checked.end !== null && !isReadableTime(checked.end)) {
    problems.push(
      `${label}: the end of ${name} (${shown(checked.end)}) is not a real date or time, so it was left out`,
    );
    checked.end = null;
  }
  if (
    checked.price &&
    !(Number.isSafeInteger(checked.price.amount) && checked.price.amount >= 0 && checked.price.amount <= maxPriceAmount)
  ) {
    problems.push(`${label}: the price of ${name} is not a readable amount, so it was left out`);
    checked.price = null;
  }
  return checked;
}

/** Reads one untrusted file into bookings (the same one merged) and warnings. Pure: runs in the parser worker (parse-worker.ts), never on the request thread. */
export async function parseBookingFile(file: SourceFile): Promise<ParsedFile> {
  const label = fileLabel(file);
  try {
    const found = await readBookingFile(file);
    const problems: string[] = [];
    // The same booking within the file merged here, in the parser: one passenger's reservation per
    // item can be thousands of them, and only the merged few go back to the request thread.
    const bookings = mergeSameBookings(
      found.bookings.map((b) => checkedBooking(b, label, problems)).filter((b): b is Booking => b !== null),
    );
    const warnings = [...found.problems, ...problems];
    if (found.bookings.length === 0)
      warnings.push(
        `${label} holds no booking we can read (no reservation markup, calendar event, wallet pass, boarding pass, or flight or hotel details)`,
      );
    return { bookings, warnings, failure: null };
  } catch (error) {
    // Whatever a reader trips over in a file (a value out of any range) is that file's problem, not the batch's.
    const message =
      error instanceof UnreadableError
        ? `${label} is ${error.message}`
        : `${label} could not be read: a date or number in it is out of range`;
    return { bookings: [], warnings: [message], failure: message };
  }
}
