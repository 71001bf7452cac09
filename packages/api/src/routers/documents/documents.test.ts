import { describe, expect, it } from 'vitest';
import { errorOf, invalidFields } from '../../test-support/expect-error';
import { actors, callerFor, createSeededDatabase, snapshotChanges, snapshotDatabase } from '../../testing';
import { classifyExpiry, documentWarningsForTrip } from './documents.service';

// Noon UTC: the demo's Lisbon trip is under way, Kyoto starts in 30 days and ends in 40.
const NOW = new Date('2026-03-10T12:00:00Z');
const now = () => NOW;
const TODAY = '2026-03-10';

const passport = {
  documentType: 'passport' as const,
  documentName: 'Second passport',
  documentNumber: 'X1234567',
  issueDate: '2020-01-01',
  expiryDate: '2030-01-01',
  issuingCountry: 'Ireland',
  notes: '',
};

describe('expiry classification', () => {
  it.each([
    ['2026-03-09', 'expired', -1],
    ['2026-03-10', 'expiring_soon', 0],
    ['2026-06-08', 'expiring_soon', 90],
    ['2026-06-09', 'valid', 91],
  ])('%s is %s (%i days from today)', (expiryDate, status, days) => {
    expect(classifyExpiry(expiryDate, TODAY)).toEqual({ expiryStatus: status, daysUntilExpiry: days });
  });

  it('has no status without an expiry date', () => {
    expect(classifyExpiry(null, TODAY)).toEqual({ expiryStatus: 'no_expiry', daysUntilExpiry: null });
  });
});

describe('trip-aware checks', () => {
  const trip = { id: 't', title: 'Kyoto in Autumn', startDate: '2026-10-01', endDate: '2026-10-10' };
  const doc = (documentType: 'passport' | 'visa' | 'id_card', expiryDate: string | null) => ({
    id: 'd',
    documentType,
    documentName: 'Doc',
    expiryDate,
  });

  it('warns when a passport or a visa expires before the trip ends, naming both', () => {
    const [warning] = documentWarningsForTrip(trip, [doc('visa', '2026-10-09')]);
    expect(warning).toMatchObject({ rule: 'expires_before_trip_ends', tripId: 't', documentId: 'd' });
    expect(warning?.message).toBe(
      'Your visa “Doc” expires on 9 Oct 2026, before your trip “Kyoto in Autumn” ends on 10 Oct 2026.',
    );
    expect(documentWarningsForTrip(trip, [doc('passport', '2026-09-01')])[0]?.rule).toBe('expires_before_trip_ends');
  });

  it('accepts a document valid through the last day of the trip, except a passport under six months after the start', () => {
    expect(documentWarningsForTrip(trip, [doc('visa', '2026-10-10')])).toEqual([]);
    const [warning] = documentWarningsForTrip(trip, [doc('passport', '2027-03-31')]);
    expect(warning?.rule).toBe('passport_validity_after_start');
    expect(warning?.message).toContain('less than six months after your trip “Kyoto in Autumn” starts on 1 Oct 2026');
    expect(documentWarningsForTrip(trip, [doc('passport', '2027-04-01')])).toEqual([]);
  });

  it('ignores other kinds of documents and documents without an expiry', () => {
    expect(documentWarningsForTrip(trip, [doc('id_card', '2026-01-01'), doc('passport', null)])).toEqual([]);
  });

  it("checks the traveller's current and upcoming trips only, soonest first; one trip on request", async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    expect(await caller.documents.tripWarnings({})).toEqual([]);
    // Expires during the Kyoto trip (days 30–40), so also before Patagonia (days 90–101).
    await caller.documents.create({ ...passport, expiryDate: '2026-04-15' });
    const warnings = await caller.documents.tripWarnings({});
    expect(warnings.map((w) => [w.tripId, w.rule])).toEqual([
      ['trip-lisbon', 'passport_validity_after_start'],
      ['trip-kyoto', 'expires_before_trip_ends'],
      ['trip-patagonia', 'expires_before_trip_ends'],
    ]);
    expect((await caller.documents.tripWarnings({ tripId: 'trip-kyoto' })).map((w) => w.tripTitle)).toEqual([
      'Kyoto in Autumn',
    ]);
    // The past Santorini trip is never checked.
    expect(await caller.documents.tripWarnings({ tripId: 'trip-santorini' })).toEqual([]);
    expect(
      (await errorOf(callerFor(db, actors.traveller2, now).documents.tripWarnings({ tripId: 'trip-kyoto' }))).code,
    ).toBe('NOT_FOUND');
  });

  it("checks a member's own documents against a trip shared with their group", async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const member = callerFor(db, actors.traveller2, now);
    const group = await owner.family.createGroup({ name: 'Kyoto crew', type: 'friends' });
    await owner.family.addMember({ id: group.id, name: 'Second traveller', email: actors.traveller2.email });
    await owner.family.shareTrip({ id: group.id, tripId: 'trip-kyoto' });
    await member.documents.create({ ...passport, documentName: 'My passport', expiryDate: '2026-04-15' });
    const warnings = await member.documents.tripWarnings({ tripId: 'trip-kyoto' });
    expect(warnings.map((w) => [w.tripTitle, w.documentName, w.rule])).toEqual([
      ['Kyoto in Autumn', 'My passport', 'expires_before_trip_ends'],
    ]);
    // The owner's own documents are not the member's business, nor the other way round.
    expect(await owner.documents.tripWarnings({ tripId: 'trip-kyoto' })).toEqual([]);
  });
});

describe('documents', () => {
  it('lists only the last four characters of a number; the single read gives the whole number', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const created = await caller.documents.create(passport);
    expect(created).not.toHaveProperty('documentNumber');
    expect(created).toMatchObject({ documentNumberLast4: '4567', notes: null, expiryStatus: 'valid' });
    const list = await caller.documents.list();
    expect(JSON.stringify(list)).not.toContain('X1234567');
    for (const d of list) expect(d).not.toHaveProperty('documentNumber');
    expect((await caller.documents.byId({ id: created.id })).documentNumber).toBe('X1234567');
  });

  it('lists soonest expiry first and the expiring tab shows only the next 90 days', async () => {
    const db = await createSeededDatabase(NOW);
    const caller = callerFor(db, actors.traveller, now);
    const list = await caller.documents.list();
    expect(list.map((d) => [d.id, d.expiryStatus])).toEqual([
      ['doc-id-card', 'expired'],
      ['doc-insurance', 'expiring_soon'],
      ['doc-passport', 'valid'],
    ]);
    expect((await caller.documents.expiring()).map((d) => d.id)).toEqual(['doc-insurance']);
  });

  it.each([
    [{ ...passport, documentName: ' ' }, 'documentName'],
    [{ ...passport, documentNumber: '' }, 'documentNumber'],
    [{ ...passport, documentType: 'library_card' }, 'documentType'],
    [{ ...passport, expiryDate: '2019-01-01' }, 'expiryDate'],
    [{ ...passport, issueDate: '2020-02-30' }, 'issueDate'],
  ])('refuses %o naming %s, storing nothing', async (input, field) => {
    const db = await createSeededDatabase(NOW);
    const before = await snapshotDatabase(db);
    const error = await errorOf(callerFor(db, actors.traveller, now).documents.create(input as typeof passport));
    expect(invalidFields(error)).toEqual([field]);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('replaces a document and deletes it; another traveller gets NOT_FOUND', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const other = callerFor(db, actors.traveller2, now);
    const updated = await owner.documents.update({ ...passport, id: 'doc-passport', issuingCountry: '' });
    expect(updated).toMatchObject({
      documentName: 'Second passport',
      issuingCountry: null,
      documentNumberLast4: '4567',
    });
    expect((await errorOf(other.documents.byId({ id: 'doc-passport' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.documents.update({ ...passport, id: 'doc-passport' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(other.documents.delete({ id: 'doc-passport' }))).code).toBe('NOT_FOUND');
    expect(await owner.documents.delete({ id: 'doc-passport' })).toEqual({ id: 'doc-passport', deleted: true });
    expect((await owner.documents.list()).map((d) => d.id)).not.toContain('doc-passport');
  });

  it('sets the notes alone, keeping every other field; clears them when empty; another traveller gets NOT_FOUND and nothing changes', async () => {
    const db = await createSeededDatabase(NOW);
    const owner = callerFor(db, actors.traveller, now);
    const before = await owner.documents.byId({ id: 'doc-passport' });
    const saved = await owner.documents.setNotes({ id: 'doc-passport', notes: '  Copy in the hotel safe ' });
    expect(saved).toMatchObject({
      id: 'doc-passport',
      notes: 'Copy in the hotel safe',
      documentNumberLast4: before.documentNumberLast4,
    });
    expect(saved).not.toHaveProperty('documentNumber');
    const { notes: _old, updatedAt: _u, ...unchanged } = before;
    expect(await owner.documents.byId({ id: 'doc-passport' })).toMatchObject({
      ...unchanged,
      notes: 'Copy in the hotel safe',
    });
    expect((await owner.documents.setNotes({ id: 'doc-passport', notes: '' })).notes).toBeNull();

    const snapshot = await snapshotDatabase(db);
    const other = callerFor(db, actors.traveller2, now);
    expect((await errorOf(other.documents.setNotes({ id: 'doc-passport', notes: 'Mine now' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(owner.documents.setNotes({ id: 'doc-nowhere', notes: 'x' }))).code).toBe('NOT_FOUND');
    expect(
      invalidFields(await errorOf(owner.documents.setNotes({ id: 'doc-passport', notes: 'x'.repeat(2001) }))),
    ).toEqual(['notes']);
    expect(snapshotChanges(snapshot, await snapshotDatabase(db))).toEqual([]);
  });
});
