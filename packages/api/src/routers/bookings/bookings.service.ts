import { randomUUID } from 'node:crypto';
import type { Database } from '@naav/db';
import { bookingImports, events, trips } from '@naav/db/schema';
import { expenseCurrencies, isExpenseCurrency, type ExpenseCurrency } from '@naav/schemas/budget';
import { isTripDateInBounds } from '@naav/schemas/fields';
import { and, eq, inArray } from 'drizzle-orm';
import type { Actor } from '../../context';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors';
import type { Booking } from '../../lib/bookings/booking';
import { bookingKey, mergeSameBookings } from '../../lib/bookings/merge';
import { parseBookingFiles } from '../../lib/bookings/parse-pool';
import type { SourceFile } from '../../lib/bookings/read-file';
import { instantOf } from '../../lib/bookings/times';
import { createExpense } from '../expenses/expenses.service';
import { eventColumns, eventOrder } from '../trips/event-columns';
import { getTrip } from '../trips/trips.service';
import { clip, placeLabel, plannedEvents, type PlannedEvent } from './planned-events';
import {
  maxBookingFileBytes,
  maxBookingFiles,
  type BookingPreview,
  type ImportBooking,
  type ImportBookingsInput,
  type ImportResult,
} from './bookings.schemas';
import { activity } from '../../lib/live/activity';
import { feedInsert, topic } from '../../lib/live/feed';
import { tripFeed } from '../../lib/trip-notices';
import { tripWebhook } from '../../lib/webhook-outbox';

export { mergeSameBookings };

export interface CollectedBookings {
  bookings: Booking[];
  warnings: BookingPreview['warnings'];
  /** Files that could not be read at all, with why. */
  failures: string[];
}

/**
 * The bookings in a set of files, in order of their start, the same booking found twice
 * (once per passenger, or in JSON-LD and in microdata) merged into one. Reads only; each file is
 * read in the parser's pool within its budgets, never on the request thread, and comes back with
 * its own repeats merged, so what is merged here is a few bookings per file.
 */
export async function collectBookings(
  files: SourceFile[],
  userId = '',
  options: { reserved?: boolean } = {},
): Promise<CollectedBookings> {
  const bookings: Booking[] = [];
  const warnings: BookingPreview['warnings'] = [];
  const failures: string[] = [];
  const parsed = await parseBookingFiles(userId, files, options);
  files.forEach((file, index) => {
    const found = parsed[index]!;
    bookings.push(...found.bookings);
    for (const message of found.warnings) warnings.push({ file: file.name, message });
    if (found.failure) failures.push(found.failure);
  });
  const sorted = mergeSameBookings(bookings).sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
  return { bookings: sorted, warnings, failures };
}

/**
 * Reads uploaded files or pasted text and answers the bookings found, storing nothing.
 * Per-file problems are warnings; when nothing could be read at all the answer is a 400
 * naming `file` (or `text`) and what was wrong. `reserved`: the caller holds the user's preview
 * place already (reservePreview), taken before it read the upload.
 */
export async function previewBookings(
  db: Database,
  actor: Actor,
  tripId: string,
  input: { files: SourceFile[] } | { text: string },
  now: Date,
  options: { reserved?: boolean } = {},
): Promise<BookingPreview> {
  await getTrip(db, actor, tripId, now, 'edit');
  const field = 'files' in input ? 'file' : 'text';
  const files: SourceFile[] =
    'files' in input ? input.files : [{ name: null, bytes: new TextEncoder().encode(input.text) }];
  if (files.length === 0) throw new ValidationError('file', 'Choose at least one file');
  if (files.length > maxBookingFiles) throw new ValidationError('file', `At most ${maxBookingFiles} files at a time`);
  const tooBig = files.find((f) => f.bytes.byteLength > maxBookingFileBytes);
  if (tooBig)
    throw new ValidationError(
      'file',
      `${tooBig.name ?? 'The file'} is larger than ${maxBookingFileBytes / 1024 / 1024} MB`,
    );
  const { bookings, warnings, failures } = await collectBookings(files, actor.id, options);
  if (bookings.length === 0 && failures.length > 0) throw new ValidationError(field, failures.join('; '));
  return { bookings, warnings };
}

const sortKey = (b: Booking) => instantOf(b.start, b.timeZone)?.toISOString() ?? b.start;

const expenseCategory: Record<Booking['type'], number> = {
  flight: 2,
  train: 2,
  bus: 2,
  boat: 2,
  car_rental: 2,
  lodging: 1,
  restaurant: 3,
  event: 4,
};

/**
 * Adds the trip's events for each booking (see plannedEvents), once: a booking the trip
 * already has adds nothing, a cancelled one cancels the events of the matching import.
 * Everything is checked before anything is written.
 */
export async function importBookings(
  db: Database,
  actor: Actor,
  input: ImportBookingsInput,
  now: Date,
): Promise<ImportResult> {
  const trip = await getTrip(db, actor, input.id, now, 'edit');
  const isOwner =
    (await db.select({ ownerId: trips.ownerId }).from(trips).where(eq(trips.id, trip.id)))[0]?.ownerId === actor.id;
  const existing = await db
    .select({
      id: bookingImports.id,
      bookingKey: bookingImports.bookingKey,
      type: bookingImports.type,
      confirmationNumber: bookingImports.confirmationNumber,
      eventIds: bookingImports.eventIds,
      cancelledAt: bookingImports.cancelledAt,
    })
    .from(bookingImports)
    .where(eq(bookingImports.tripId, trip.id));
  const byKey = new Map(existing.map((row) => [row.bookingKey, row]));

  let startDate = trip.startDate;
  let endDate = trip.endDate;
  const results: ImportResult['results'] = [];
  const toAdd: { index: number; booking: ImportBooking; key: string; planned: PlannedEvent[] }[] = [];
  const toCancel: { index: number; importId: string; eventIds: string[] }[] = [];
  const keysInRequest = new Set<string>();

  input.bookings.forEach((booking, index) => {
    const key = bookingKey(booking);
    if (booking.cancelled) {
      // The same booking, else the only import with its type and confirmation number.
      const sameNumber = booking.confirmationNumber
        ? existing.filter(
            (row) =>
              row.type === booking.type &&
              row.confirmationNumber?.toUpperCase() === booking.confirmationNumber!.toUpperCase(),
          )
        : [];
      const match = byKey.get(key) ?? (sameNumber.length === 1 ? sameNumber[0] : undefined);
      if (!match) {
        results.push({
          index,
          title: booking.title,
          status: 'not_found',
          eventIds: [],
          message: `No booking imported into this trip matches the cancelled "${booking.title}"; nothing changed`,
        });
      } else if (match.cancelledAt || toCancel.some((c) => c.importId === match.id)) {
        results.push({
          index,
          title: booking.title,
          status: 'already_cancelled',
          eventIds: match.eventIds,
          message: `"${booking.title}" was already cancelled`,
        });
      } else {
        toCancel.push({ index, importId: match.id, eventIds: match.eventIds });
        results.push({
          index,
          title: booking.title,
          status: 'cancelled',
          eventIds: match.eventIds,
          message: `"${booking.title}" is cancelled: its events are marked cancelled`,
        });
      }
      return;
    }
    const earlier = byKey.get(key);
    if (earlier || keysInRequest.has(key)) {
      results.push({
        index,
        title: booking.title,
        status: 'already_imported',
        eventIds: earlier?.eventIds ?? [],
        message: `"${booking.title}" is already in this trip; nothing was added`,
      });
      return;
    }
    keysInRequest.add(key);
    const planned = plannedEvents(booking, trip);
    for (const event of planned) {
      if (event.date >= startDate && event.date <= endDate) continue;
      if (!input.extendTrip) {
        throw new ValidationError(
          `bookings.${index}`,
          `"${booking.title}" is on ${event.date}, outside the trip (${trip.startDate} to ${trip.endDate}): leave it out or extend the trip`,
        );
      }
      // The same bounds as the trip form: an import cannot stretch a trip to year 1 or 9999.
      if (!isTripDateInBounds(event.date)) {
        throw new ValidationError(
          `bookings.${index}`,
          `"${booking.title}" is on ${event.date}: a trip can only be extended to dates between 1970 and 2099`,
        );
      }
      if (event.date < startDate) startDate = event.date;
      if (event.date > endDate) endDate = event.date;
    }
    if (booking.addExpense) {
      if (!booking.price)
        throw new ValidationError(
          `bookings.${index}.addExpense`,
          `"${booking.title}" has no price to add as an expense`,
        );
      if (!isExpenseCurrency(booking.price.currency)) {
        throw new ValidationError(
          `bookings.${index}.price.currency`,
          `The budget tracker does not keep ${booking.price.currency}: use one of ${expenseCurrencies.join(', ')}`,
        );
      }
      if (!isOwner)
        throw new ForbiddenError(
          'Only the trip’s owner keeps its budget: import without adding the price as an expense',
        );
    }
    toAdd.push({ index, booking, key, planned });
    results.push({ index, title: booking.title, status: 'added', eventIds: [], message: `"${booking.title}" added` });
  });

  // Written in one batch: the events, what was imported, cancellations and new trip dates.
  const createdIds: string[] = [];
  const statements = [];
  const accommodation = trip.accommodation ? null : toAdd.find((a) => a.booking.type === 'lodging')?.booking;
  if (startDate !== trip.startDate || endDate !== trip.endDate || accommodation) {
    statements.push(
      db
        .update(trips)
        .set({
          startDate,
          endDate,
          ...(accommodation ? { accommodation: clip(accommodation.provider ?? accommodation.title, 300) } : {}),
          updatedAt: now,
        })
        .where(eq(trips.id, trip.id)),
    );
  }
  for (const item of toAdd) {
    const ids = item.planned.map(() => randomUUID());
    createdIds.push(...ids);
    results.find((r) => r.index === item.index)!.eventIds = ids;
    statements.push(
      db
        .insert(events)
        .values(item.planned.map((e, i) => ({ ...e, id: ids[i]!, tripId: trip.id, status: 'confirmed' as const }))),
    );
    statements.push(
      db.insert(bookingImports).values({
        id: randomUUID(),
        tripId: trip.id,
        bookingKey: item.key,
        type: item.booking.type,
        confirmationNumber: item.booking.confirmationNumber,
        start: item.booking.start,
        eventIds: ids,
        createdAt: now,
      }),
    );
  }
  for (const cancel of toCancel) {
    statements.push(db.update(bookingImports).set({ cancelledAt: now }).where(eq(bookingImports.id, cancel.importId)));
    if (cancel.eventIds.length) {
      statements.push(
        db
          .update(events)
          .set({ status: 'cancelled' })
          .where(and(eq(events.tripId, trip.id), inArray(events.id, cancel.eventIds))),
      );
    }
  }
  // Integrators hear of what was added or cancelled (booking.imported), in the same transaction.
  const imported = results.filter((r) => r.status === 'added' || r.status === 'cancelled');
  if (imported.length > 0) {
    const bookings = imported.map((r) => {
      const booking = input.bookings[r.index]!;
      const status = r.status === 'added' ? ('added' as const) : ('cancelled' as const);
      const { title, type, confirmationNumber } = booking;
      return { title, type, confirmationNumber: confirmationNumber ?? null, status, eventIds: r.eventIds };
    });
    statements.push(tripWebhook(db, trip.id, 'booking.imported', { bookings, startDate, endDate }, now));
    // Whoever has the trip open (a member, another device, the person whose mail was forwarded)
    // sees the events appear, and the trip's activity says who imported what.
    const titles = (status: 'added' | 'cancelled') => bookings.filter((b) => b.status === status).map((b) => b.title);
    statements.push(
      ...tripFeed(
        db,
        topic.trip(trip.id),
        null,
        'event',
        activity(actor.id, trip.id, 'bookings.imported', { added: titles('added'), cancelled: titles('cancelled') }),
        now,
      ),
    );
    if (startDate !== trip.startDate || endDate !== trip.endDate)
      statements.push(feedInsert(db, topic.trip(trip.id), trip.id, 'details'));
  }
  if (statements.length > 0) {
    try {
      await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
    } catch (error) {
      if (/UNIQUE constraint failed: booking_imports/i.test(String((error as Error)?.message ?? error))) {
        throw new ConflictError(
          'These bookings were being imported at the same moment by another request: look at the trip, then try again',
        );
      }
      throw error;
    }
  }

  // Prices as expenses, through the budget tracker (its frozen rate, its running totals).
  const addedExpenses: ImportResult['expenses'] = [];
  for (const item of toAdd) {
    const { booking } = item;
    if (!booking.addExpense || !booking.price) continue;
    const day = item.planned[0]!.date;
    const expense = await createExpense(
      db,
      actor,
      {
        tripId: trip.id,
        title: clip(booking.title, 200)!,
        amount: booking.price.amount,
        currency: booking.price.currency as ExpenseCurrency,
        categoryId: expenseCategory[booking.type],
        date: day,
        notes: booking.confirmationNumber ? `Confirmation ${booking.confirmationNumber}` : null,
        paymentMethod: null,
        location: clip(placeLabel(booking.startLocation), 200),
        isReimbursable: false,
        exchangeRate: null,
        // The booking's first day, inside the trip (extended to it when asked) in any case.
        allowOutsideTrip: false,
      },
      { now },
    );
    await db
      .update(bookingImports)
      .set({ expenseId: expense.id })
      .where(and(eq(bookingImports.tripId, trip.id), eq(bookingImports.bookingKey, item.key)));
    addedExpenses.push({ id: expense.id, title: expense.title, amount: expense.amount, currency: expense.currency });
  }

  const created = createdIds.length
    ? await db
        .select(eventColumns)
        .from(events)
        .where(inArray(events.id, createdIds))
        .orderBy(...eventOrder)
    : [];
  return { events: created, expenses: addedExpenses, results, trip: { id: trip.id, startDate, endDate } };
}
