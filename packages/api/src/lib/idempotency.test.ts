import type { Database } from '@naav/db';
import {
  conciergeMessages,
  conciergeRequests,
  events,
  expenseIdempotencyKeys,
  expenses,
  familyGroups,
  familyMembers,
  groupTrips,
  idempotencyKeys,
  inspirationFavourites,
  travelDocuments,
  travels,
  trips,
} from '@naav/db/schema';
import { and, count, eq, type SQL } from 'drizzle-orm';
import superjson from 'superjson';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../context';
import { errorOf } from '../test-support/expect-error';
import { actors, callerFor, createSeededDatabase } from '../testing';
import {
  abandonedAfterMs,
  IdempotencyKeyInProgressError,
  idempotencyKeyLifetimeMs,
  pruneIdempotencyKeys,
  requestFingerprint,
  runOnce,
} from './idempotency';

// 12:00 in Lisbon: the demo's Lisbon trip is under way.
const NOW = new Date('2026-03-10T12:00:00Z');
const TODAY = '2026-03-10';

type Caller = ReturnType<typeof callerFor>;
const callerWith = (db: Database, actor: Actor, key?: string, now = () => NOW) =>
  callerFor(db, actor, now, key === undefined ? {} : { requestHeaders: new Headers({ 'Idempotency-Key': key }) });

const countOf = async (db: Database, table: SQLiteTable, where?: SQL) =>
  (await db.select({ n: count() }).from(table).where(where))[0]!.n;

/** Each write the web app may queue offline that creates a row: one call of it and the rows it adds to. */
interface QueuedCreate {
  name: string;
  /** `variant` 0 and 1 are two different bodies; `actor` is whose trip or account it writes to. */
  call: (caller: Caller, variant: 0 | 1, actor: Actor, db: Database) => Promise<{ id: string }>;
  rows: (db: Database) => Promise<number>;
}

const tripOf = async (db: Database, actor: Actor) => {
  const [trip] = await db
    .select({ id: trips.id, startDate: trips.startDate })
    .from(trips)
    .where(eq(trips.ownerId, actor.id))
    .orderBy(trips.startDate);
  return actor.id === actors.traveller.id ? { id: 'trip-lisbon', startDate: TODAY } : trip!;
};

const creates: QueuedCreate[] = [
  {
    name: 'expenses.create',
    call: async (caller, variant, actor, db) => {
      const trip = await tripOf(db, actor);
      return caller.expenses.create({
        tripId: trip.id,
        title: variant === 0 ? 'Taxi to the airport' : 'Tram 28',
        amount: 3_550,
        currency: 'EUR',
        categoryId: 2,
        date: trip.startDate,
        notes: null,
        paymentMethod: null,
        location: null,
        isReimbursable: false,
      });
    },
    rows: (db) => countOf(db, expenses),
  },
  {
    name: 'events.create',
    call: async (caller, variant, actor, db) => {
      const trip = await tripOf(db, actor);
      return caller.events.create({
        id: trip.id,
        title: variant === 0 ? 'Fado night' : 'Tram ride',
        type: 'activity',
        date: trip.startDate,
        startTime: '20:00',
      });
    },
    rows: (db) => countOf(db, events),
  },
  {
    name: 'concierge.send',
    call: (caller, variant) =>
      caller.concierge.send({ message: variant === 0 ? 'Could you book a table for two?' : 'And a taxi at eight?' }),
    rows: (db) => countOf(db, conciergeMessages),
  },
  {
    name: 'concierge.createRequest',
    call: (caller, variant) =>
      caller.concierge.createRequest({ type: variant === 0 ? 'reservation' : 'transportation', notes: 'Two people' }),
    rows: (db) => countOf(db, conciergeRequests),
  },
  {
    name: 'journal.create',
    call: (caller, variant) =>
      caller.journal.create({
        title: variant === 0 ? 'Weekend in Porto' : 'Sintra day trip',
        location: 'Porto, Portugal',
        startDate: '2025-05-01',
        endDate: '2025-05-03',
      }),
    rows: (db) => countOf(db, travels),
  },
];

describe.each(creates)('$name with an Idempotency-Key', ({ call, rows }) => {
  // One database for the block: each test counts the rows it adds, with keys of its own.
  let db: Database;
  beforeAll(async () => {
    db = await createSeededDatabase(NOW);
  });

  it('stores one row for one key however often it is sent, and answers the same id each time', async () => {
    const before = await rows(db);
    const first = await call(callerWith(db, actors.traveller, 'sent-thrice'), 0, actors.traveller, db);
    const added = (await rows(db)) - before;
    expect(added).toBeGreaterThan(0);
    const again = await call(callerWith(db, actors.traveller, 'sent-thrice'), 0, actors.traveller, db);
    const third = await call(callerWith(db, actors.traveller, 'sent-thrice'), 0, actors.traveller, db);
    expect(again.id).toBe(first.id);
    expect(third).toEqual(again);
    expect((await rows(db)) - before).toBe(added);
  });

  it('stores a new row for a new key, and for calls without one', async () => {
    const before = await rows(db);
    const a = await call(callerWith(db, actors.traveller, 'first-key'), 0, actors.traveller, db);
    const added = (await rows(db)) - before;
    const b = await call(callerWith(db, actors.traveller, 'second-key'), 0, actors.traveller, db);
    const c = await call(callerWith(db, actors.traveller), 0, actors.traveller, db);
    const d = await call(callerWith(db, actors.traveller), 0, actors.traveller, db);
    expect(new Set([a.id, b.id, c.id, d.id]).size).toBe(4);
    expect((await rows(db)) - before).toBe(4 * added);
  });

  it('refuses the same key with another body (422 naming Idempotency-Key) and stores nothing', async () => {
    await call(callerWith(db, actors.traveller, 'reused-key'), 0, actors.traveller, db);
    const after = await rows(db);
    const error = await errorOf(call(callerWith(db, actors.traveller, 'reused-key'), 1, actors.traveller, db));
    expect(error.code).toBe('UNPROCESSABLE_CONTENT');
    expect(error.message).toMatch(/^Idempotency-Key: this key was already used for a different request/);
    expect(await rows(db)).toBe(after);
  });

  it("keeps one user's keys apart from another's", async () => {
    const before = await rows(db);
    const mine = await call(callerWith(db, actors.traveller, 'both-users'), 0, actors.traveller, db);
    const added = (await rows(db)) - before;
    const theirs = await call(callerWith(db, actors.traveller2, 'both-users'), 0, actors.traveller2, db);
    expect(theirs.id).not.toBe(mine.id);
    expect((await rows(db)) - before).toBe(2 * added);
  });

  it('stores one row when the same key arrives several times at once', async () => {
    const before = await rows(db);
    const single = await call(callerWith(db, actors.traveller, 'warm-up'), 0, actors.traveller, db);
    const added = (await rows(db)) - before;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(callerWith(db, actors.traveller, 'raced'), 0, actors.traveller, db)),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers[0]!.id).not.toBe(single.id);
    expect((await rows(db)) - before).toBe(2 * added);
  });
});

describe('Idempotency-Key on writes that change a row', () => {
  it('expenses.update: a replay answers the first answer and does not undo a later edit', async () => {
    const db = await createSeededDatabase(NOW);
    const edit = (title: string) => ({
      id: 'expense-lisbon-pasteis',
      tripId: 'trip-lisbon',
      title,
      amount: 1_240,
      currency: 'EUR' as const,
      categoryId: 3,
      date: '2026-03-09',
      notes: null,
      paymentMethod: 'Cash' as const,
      location: 'Belém',
      isReimbursable: false,
    });
    const first = await callerWith(db, actors.traveller, 'edit-1').expenses.update(edit('Pastéis, six'));
    await callerWith(db, actors.traveller, 'edit-2').expenses.update(edit('Pastéis, a dozen'));
    const replayed = await callerWith(db, actors.traveller, 'edit-1').expenses.update(edit('Pastéis, six'));
    expect(replayed).toEqual(first);
    const [row] = await db
      .select({ title: expenses.title })
      .from(expenses)
      .where(eq(expenses.id, 'expense-lisbon-pasteis'));
    expect(row!.title).toBe('Pastéis, a dozen');
    expect(
      (await errorOf(callerWith(db, actors.traveller, 'edit-1').expenses.update(edit('Something else')))).code,
    ).toBe('UNPROCESSABLE_CONTENT');
  });

  it('events.update (an event edited offline): a replay answers the first answer and does not undo a later edit', async () => {
    const db = await createSeededDatabase(NOW);
    const edit = (key: string, title: string) =>
      callerWith(db, actors.traveller, key).events.update({ id: 'event-lisbon-fado', title, startTime: '21:00' });
    const first = await edit('event-edit-1', 'Fado at Clube de Fado');
    await edit('event-edit-2', 'Fado at Tasca do Chico');
    expect(await edit('event-edit-1', 'Fado at Clube de Fado')).toEqual(first);
    const [row] = await db.select({ title: events.title }).from(events).where(eq(events.id, 'event-lisbon-fado'));
    expect(row!.title).toBe('Fado at Tasca do Chico');
    expect((await errorOf(edit('event-edit-1', 'Something else'))).code).toBe('UNPROCESSABLE_CONTENT');
  });

  it('documents.update (saving notes): a replay answers the first answer and keeps the later notes', async () => {
    const db = await createSeededDatabase(NOW);
    const doc = await callerFor(db, actors.traveller, () => NOW).documents.byId({ id: 'doc-passport' });
    const save = (notes: string) => ({
      id: doc.id,
      documentType: doc.documentType,
      documentName: doc.documentName,
      documentNumber: doc.documentNumber,
      issueDate: doc.issueDate,
      expiryDate: doc.expiryDate,
      issuingCountry: doc.issuingCountry,
      notes,
    });
    const first = await callerWith(db, actors.traveller, 'notes-1').documents.update(save('Copy in the hotel safe'));
    await callerWith(db, actors.traveller, 'notes-2').documents.update(save('Copy in the day bag'));
    expect(await callerWith(db, actors.traveller, 'notes-1').documents.update(save('Copy in the hotel safe'))).toEqual(
      first,
    );
    const [row] = await db
      .select({ notes: travelDocuments.notes })
      .from(travelDocuments)
      .where(eq(travelDocuments.id, 'doc-passport'));
    expect(row!.notes).toBe('Copy in the day bag');
  });

  it('documents.setNotes (notes saved offline): a replay answers the first answer and keeps the later notes', async () => {
    const db = await createSeededDatabase(NOW);
    const save = (key: string, notes: string) =>
      callerWith(db, actors.traveller, key).documents.setNotes({ id: 'doc-passport', notes });
    const first = await save('notes-1', 'Copy in the hotel safe');
    await save('notes-2', 'Copy in the day bag');
    expect(await save('notes-1', 'Copy in the hotel safe')).toEqual(first);
    const [row] = await db
      .select({ notes: travelDocuments.notes })
      .from(travelDocuments)
      .where(eq(travelDocuments.id, 'doc-passport'));
    expect(row!.notes).toBe('Copy in the day bag');
    expect((await errorOf(save('notes-1', 'Something else'))).code).toBe('UNPROCESSABLE_CONTENT');
    // Keys are per user: another traveller's same key is a call of its own, and their call is 404 for this document.
    expect(
      (
        await errorOf(
          callerWith(db, actors.traveller2, 'notes-1').documents.setNotes({
            id: 'doc-passport',
            notes: 'Copy in the hotel safe',
          }),
        )
      ).code,
    ).toBe('NOT_FOUND');
  });

  it('favourites: a replayed mark never undoes a later unmark, whichever call sets it', async () => {
    const db = await createSeededDatabase(NOW);
    const isFavourite = async () =>
      (await countOf(
        db,
        inspirationFavourites,
        and(
          eq(inspirationFavourites.userId, actors.traveller.id),
          eq(inspirationFavourites.inspirationId, 'insp-kyoto'),
        ),
      )) === 1;
    // The heart as the traveller left it, set in one call; the replay of the first answers it again and changes nothing.
    expect(
      await callerWith(db, actors.traveller, 'heart-1').inspirations.setFavourite({
        id: 'insp-kyoto',
        isFavourite: true,
      }),
    ).toEqual({ inspirationId: 'insp-kyoto', isFavourite: true });
    await callerWith(db, actors.traveller, 'heart-2').inspirations.setFavourite({
      id: 'insp-kyoto',
      isFavourite: false,
    });
    expect(
      await callerWith(db, actors.traveller, 'heart-1').inspirations.setFavourite({
        id: 'insp-kyoto',
        isFavourite: true,
      }),
    ).toEqual({ inspirationId: 'insp-kyoto', isFavourite: true });
    expect(await isFavourite()).toBe(false);
    // The same with the POST/DELETE pair.
    await callerWith(db, actors.traveller, 'heart-3').inspirations.favourite({ id: 'insp-kyoto' });
    await callerWith(db, actors.traveller, 'heart-4').inspirations.unfavourite({ id: 'insp-kyoto' });
    await callerWith(db, actors.traveller, 'heart-3').inspirations.favourite({ id: 'insp-kyoto' });
    expect(await isFavourite()).toBe(false);
    // A key is per procedure: the same key on the other call is a call of its own.
    expect(await callerWith(db, actors.traveller, 'heart-3').inspirations.unfavourite({ id: 'insp-kyoto' })).toEqual({
      inspirationId: 'insp-kyoto',
      isFavourite: false,
    });
  });
});

describe('Idempotency-Key itself', () => {
  it('is 400 naming the header when empty or longer than 200 characters', async () => {
    const db = await createSeededDatabase(NOW);
    for (const key of ['', 'x'.repeat(201)]) {
      const error = await errorOf(callerWith(db, actors.traveller, key).concierge.send({ message: 'Hello' }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe('Idempotency-Key: must be 1 to 200 characters');
      const expenseError = await errorOf(
        creates[0]!.call(callerWith(db, actors.traveller, key), 0, actors.traveller, db),
      );
      expect(expenseError.message).toBe('Idempotency-Key: must be 1 to 200 characters');
    }
  });

  it("answers a write recorded under the procedure's former name (trips.addEvent, travels.create) without storing it again", async () => {
    const db = await createSeededDatabase(NOW);
    const trip = await tripOf(db, actors.traveller);
    // The previous version recorded the first attempt; the traveller's queue sends it again after the upgrade.
    const eventInput = {
      id: trip.id,
      title: 'Fado night',
      type: 'activity' as const,
      date: trip.startDate,
      startTime: '20:00',
    };
    const event = await callerWith(db, actors.traveller).events.create(eventInput);
    const journalInput = {
      title: 'Weekend in Porto',
      location: 'Porto, Portugal',
      startDate: '2025-05-01',
      endDate: '2025-05-03',
    };
    const travel = await callerWith(db, actors.traveller).journal.create(journalInput);
    const recordedAs = (scope: string, key: string, input: unknown, answer: unknown) => ({
      userId: actors.traveller.id,
      scope,
      key,
      fingerprint: requestFingerprint(input),
      response: superjson.stringify(answer),
      createdAt: NOW,
    });
    await db
      .insert(idempotencyKeys)
      .values([
        recordedAs('trips.addEvent', 'queued-before', eventInput, event),
        recordedAs('travels.create', 'queued-before', journalInput, travel),
      ]);
    const [eventsBefore, travelsBefore] = [await countOf(db, events), await countOf(db, travels)];

    expect((await callerWith(db, actors.traveller, 'queued-before').events.create(eventInput)).id).toBe(event.id);
    expect((await callerWith(db, actors.traveller, 'queued-before').journal.create(journalInput)).id).toBe(travel.id);
    expect([await countOf(db, events), await countOf(db, travels)]).toEqual([eventsBefore, travelsBefore]);
  });

  it('is released when the first call fails, so the corrected retry runs', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerWith(db, actors.traveller, 'fails-first');
    const bad = { id: 'trip-lisbon', title: 'Fado night', type: 'activity' as const, date: '2030-01-01' };
    expect((await errorOf(caller.events.create(bad))).code).toBe('BAD_REQUEST');
    expect(await countOf(db, idempotencyKeys)).toBe(0);
    // The same call fails again the same way (nothing was recorded); another body with the key is accepted.
    expect((await errorOf(caller.events.create(bad))).code).toBe('BAD_REQUEST');
    const event = await caller.events.create({ ...bad, date: TODAY });
    expect(event.date).toBe(TODAY);
  });

  it('answers 409 while the first call with the key is still running, and takes over one abandoned by a stopped server', async () => {
    const db = await createSeededDatabase(NOW);
    // A first call that claimed the key but has not answered (still running, or its server stopped).
    const fingerprint = requestFingerprint({ message: 'Hello' });
    await db.insert(idempotencyKeys).values({
      userId: actors.traveller.id,
      scope: 'concierge.send',
      key: 'stuck',
      fingerprint,
      response: null,
      createdAt: NOW,
    });
    const call = {
      userId: actors.traveller.id,
      scope: 'concierge.send',
      key: 'stuck',
      fingerprint,
      now: NOW.getTime(),
      waitMs: 50,
    };
    let ran = false;
    const run = async () => {
      ran = true;
      return { ok: true as const, data: null };
    };
    const error = await runOnce(db, call, run).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyInProgressError);
    expect((error as Error).message).toMatch(/^Idempotency-Key: a request with this key is still being processed/);
    expect(ran).toBe(false);
    // Once the first claim is older than a call can take, a replay runs it and records the answer.
    const later = new Date(NOW.getTime() + abandonedAfterMs + 1);
    const sent = await callerWith(db, actors.traveller, 'stuck', () => later).concierge.send({ message: 'Hello' });
    const [row] = await db.select({ response: idempotencyKeys.response }).from(idempotencyKeys);
    expect(row!.response).toContain(sent.id);
    expect((await callerWith(db, actors.traveller, 'stuck', () => later).concierge.send({ message: 'Hello' })).id).toBe(
      sent.id,
    );
  });

  it(`is remembered ${idempotencyKeyLifetimeMs / 86_400_000} days, then pruned (expenses' keys too)`, async () => {
    const db = await createSeededDatabase(NOW);
    const send = (now: Date) =>
      callerWith(db, actors.traveller, 'week-old', () => now).concierge.send({ message: 'Hello' });
    const first = await send(NOW);
    await creates[0]!.call(callerWith(db, actors.traveller, 'week-old'), 0, actors.traveller, db);
    const almost = new Date(NOW.getTime() + idempotencyKeyLifetimeMs - 1);
    expect((await send(almost)).id).toBe(first.id);
    const past = new Date(NOW.getTime() + idempotencyKeyLifetimeMs + 1);
    await pruneIdempotencyKeys(db, past.getTime());
    expect(await countOf(db, idempotencyKeys)).toBe(0);
    expect(await countOf(db, expenseIdempotencyKeys)).toBe(0);
    expect((await send(past)).id).not.toBe(first.id);
  });

  it('is read by the procedures that say so only: other writes ignore it', async () => {
    const db = await createSeededDatabase(NOW);
    // Every POST takes a key now; a PATCH of a trip does not.
    await callerWith(db, actors.traveller, 'k').trips.update({ id: 'trip-lisbon', notes: 'Azulejos' });
    await callerWith(db, actors.traveller, 'k').trips.update({ id: 'trip-lisbon', notes: 'Azulejos' });
    expect(await countOf(db, idempotencyKeys)).toBe(0);
  });
});

describe('writes that no longer fit answer distinct errors', () => {
  it('an event for a deleted trip is 404, a trip shared with view only is 403, an edit of a deleted expense or document is 404', async () => {
    const db = await createSeededDatabase(NOW);
    const event = { id: 'trip-lisbon', title: 'Fado night', type: 'activity' as const, date: TODAY };
    // traveller2 may edit the Lisbon trip through a group, then the permission is taken back.
    const [group] = await db
      .insert(familyGroups)
      .values({ name: 'Lisbon crew', ownerId: actors.traveller.id })
      .returning({ id: familyGroups.id });
    await db.insert(groupTrips).values({ groupId: group!.id, tripId: 'trip-lisbon' });
    const [member] = await db
      .insert(familyMembers)
      .values({
        groupId: group!.id,
        name: actors.traveller2.name,
        email: actors.traveller2.email.toLowerCase(),
        permission: 'edit',
      })
      .returning({ id: familyMembers.id });
    const partner = callerWith(db, actors.traveller2, 'queued-event');
    await partner.events.create(event);
    await db.update(familyMembers).set({ permission: 'view' }).where(eq(familyMembers.id, member!.id));
    const forbidden = await errorOf(callerWith(db, actors.traveller2, 'queued-event-2').events.create(event));
    expect(forbidden.code).toBe('FORBIDDEN');
    await db.delete(familyMembers).where(eq(familyMembers.id, member!.id));
    expect((await errorOf(callerWith(db, actors.traveller2, 'queued-event-3').events.create(event))).code).toBe(
      'NOT_FOUND',
    );

    const mine = callerWith(db, actors.traveller, 'after-delete');
    await callerFor(db, actors.traveller, () => NOW).expenses.delete({ id: 'expense-lisbon-pasteis' });
    const gone = await errorOf(
      mine.expenses.update({
        id: 'expense-lisbon-pasteis',
        tripId: 'trip-lisbon',
        title: 'x',
        amount: 1,
        currency: 'EUR',
        categoryId: 3,
        date: TODAY,
        notes: null,
        paymentMethod: null,
        location: null,
        isReimbursable: false,
      }),
    );
    expect(gone.code).toBe('NOT_FOUND');
    await callerFor(db, actors.traveller, () => NOW).documents.delete({ id: 'doc-insurance' });
    const noDoc = await errorOf(
      mine.documents.update({
        id: 'doc-insurance',
        documentType: 'travel_insurance',
        documentName: 'x',
        documentNumber: '1',
        issueDate: null,
        expiryDate: null,
        issuingCountry: null,
        notes: 'n',
      }),
    );
    expect(noDoc.code).toBe('NOT_FOUND');
    expect((await errorOf(mine.documents.setNotes({ id: 'doc-insurance', notes: 'n' }))).code).toBe('NOT_FOUND');
    await db.delete(trips).where(eq(trips.id, 'trip-lisbon'));
    expect((await errorOf(mine.events.create(event))).code).toBe('NOT_FOUND');
    expect((await errorOf(mine.inspirations.setFavourite({ id: 'insp-gone', isFavourite: true }))).code).toBe(
      'NOT_FOUND',
    );
  });
});
