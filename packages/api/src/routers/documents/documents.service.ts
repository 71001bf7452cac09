import type { Database } from '@naav/db';
import { travelDocuments } from '@naav/db/schema';
import { addMonthsIso, daysBetween, todayIn } from '@naav/schemas/dates';
import { format, parseISO } from 'date-fns';
import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { getTrip, listTrips } from '../trips/trips.service';
import {
  EXPIRING_SOON_DAYS,
  PASSPORT_VALIDITY_MONTHS,
  type DocumentDetail,
  type DocumentInput,
  type DocumentNotesInput,
  type DocumentSummary,
  type TripDocumentWarning,
  type UpdateDocumentInput,
  type expiryStatuses,
} from './documents.schemas';
import { deleteOwned, ownRow } from '../../lib/owned';

type ExpiryStatus = (typeof expiryStatuses)[number];

/** Expired before today; expiring soon from today to 90 days on (both included); otherwise valid. */
export function classifyExpiry(
  expiryDate: string | null,
  today: string,
): { expiryStatus: ExpiryStatus; daysUntilExpiry: number | null } {
  if (!expiryDate) return { expiryStatus: 'no_expiry', daysUntilExpiry: null };
  const days = daysBetween(today, expiryDate);
  const expiryStatus = days < 0 ? 'expired' : days <= EXPIRING_SOON_DAYS ? 'expiring_soon' : 'valid';
  return { expiryStatus, daysUntilExpiry: days };
}

/** The last four characters of a document number, all a list ever shows. */
const lastFour = (documentNumber: string) => documentNumber.slice(-4);

const columns = {
  id: travelDocuments.id,
  documentType: travelDocuments.documentType,
  documentName: travelDocuments.documentName,
  documentNumber: travelDocuments.documentNumber,
  issueDate: travelDocuments.issueDate,
  expiryDate: travelDocuments.expiryDate,
  issuingCountry: travelDocuments.issuingCountry,
  notes: travelDocuments.notes,
  createdAt: travelDocuments.createdAt,
  updatedAt: travelDocuments.updatedAt,
};
type Row = Omit<
  DocumentDetail,
  'createdAt' | 'updatedAt' | 'expiryStatus' | 'daysUntilExpiry' | 'documentNumberLast4'
> & {
  createdAt: Date;
  updatedAt: Date;
};

const toDetail = (row: Row, today: string): DocumentDetail => ({
  ...row,
  documentNumberLast4: lastFour(row.documentNumber),
  ...classifyExpiry(row.expiryDate, today),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toSummary = (row: Row, today: string): DocumentSummary => {
  const { documentNumber: _hidden, ...rest } = toDetail(row, today);
  return rest;
};

// Documents without an expiry date last.
const byExpiry = [
  sql`${travelDocuments.expiryDate} is null`,
  asc(travelDocuments.expiryDate),
  asc(travelDocuments.documentName),
  asc(travelDocuments.id),
];

/** The actor's documents, soonest expiry first, numbers masked. */
export async function listDocuments(db: Database, actor: Actor, now: Date): Promise<DocumentSummary[]> {
  const rows = await db
    .select(columns)
    .from(travelDocuments)
    .where(eq(travelDocuments.userId, actor.id))
    .orderBy(...byExpiry);
  return rows.map((row) => toSummary(row, todayIn('UTC', now)));
}

/** The actor's documents expiring within the next 90 days (today included, not already expired). */
export async function listExpiringDocuments(db: Database, actor: Actor, now: Date): Promise<DocumentSummary[]> {
  const all = await listDocuments(db, actor, now);
  return all.filter((d) => d.expiryStatus === 'expiring_soon');
}

/** One of the actor's documents with its full number; someone else's is NOT_FOUND. */
export async function getDocument(db: Database, actor: Actor, id: string, now: Date): Promise<DocumentDetail> {
  const [row] = await db
    .select(columns)
    .from(travelDocuments)
    .where(ownRow(travelDocuments, actor, id));
  if (!row) throw new NotFoundError('Document');
  return toDetail(row, todayIn('UTC', now));
}

export async function createDocument(
  db: Database,
  actor: Actor,
  input: DocumentInput,
  now: Date,
): Promise<DocumentSummary> {
  const [row] = await db
    .insert(travelDocuments)
    .values({ ...input, userId: actor.id, createdAt: now, updatedAt: now })
    .returning(columns);
  if (!row) throw new Error('insert returned no row');
  return toSummary(row, todayIn('UTC', now));
}

/** Replaces every field of one of the actor's documents. */
export async function updateDocument(
  db: Database,
  actor: Actor,
  input: UpdateDocumentInput,
  now: Date,
): Promise<DocumentSummary> {
  const { id, ...fields } = input;
  return writeDocument(db, actor, id, fields, now);
}

/**
 * Sets the notes of one of the actor's documents and nothing else: a write the web app can queue
 * offline, since it never needs the full number (which the device never keeps).
 */
export async function setDocumentNotes(
  db: Database,
  actor: Actor,
  input: DocumentNotesInput,
  now: Date,
): Promise<DocumentSummary> {
  return writeDocument(db, actor, input.id, { notes: input.notes }, now);
}

/** Sets `fields` on one of the actor's documents; someone else's is NOT_FOUND. */
async function writeDocument(
  db: Database,
  actor: Actor,
  id: string,
  fields: Partial<typeof travelDocuments.$inferInsert>,
  now: Date,
): Promise<DocumentSummary> {
  const [row] = await db
    .update(travelDocuments)
    .set({ ...fields, updatedAt: now })
    .where(ownRow(travelDocuments, actor, id))
    .returning(columns);
  if (!row) throw new NotFoundError('Document');
  return toSummary(row, todayIn('UTC', now));
}

export async function deleteDocument(db: Database, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  return deleteOwned(db, travelDocuments, actor, id, 'Document');
}

const typeLabel: Record<string, string> = { passport: 'passport', visa: 'visa' };
const longDate = (iso: string) => format(parseISO(iso), 'd MMM yyyy');

interface CheckedTrip {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
}
interface CheckedDocument {
  id: string;
  documentType: DocumentDetail['documentType'];
  documentName: string;
  expiryDate: string | null;
}

/**
 * The entry rules a document can break for one trip: a passport or visa that expires before
 * the trip ends, or a passport that expires less than six months after the trip starts.
 * A document breaks at most one rule per trip (the first is the graver).
 */
export function documentWarningsForTrip(trip: CheckedTrip, docs: readonly CheckedDocument[]): TripDocumentWarning[] {
  const warnings: TripDocumentWarning[] = [];
  const sixMonthsAfterStart = addMonthsIso(trip.startDate, PASSPORT_VALIDITY_MONTHS);
  for (const doc of docs) {
    if (!doc.expiryDate || (doc.documentType !== 'passport' && doc.documentType !== 'visa')) continue;
    const base = {
      documentId: doc.id,
      documentName: doc.documentName,
      documentType: doc.documentType,
      expiryDate: doc.expiryDate,
      tripId: trip.id,
      tripTitle: trip.title,
      tripStartDate: trip.startDate,
      tripEndDate: trip.endDate,
    };
    const kind = typeLabel[doc.documentType];
    if (doc.expiryDate < trip.endDate) {
      warnings.push({
        ...base,
        rule: 'expires_before_trip_ends',
        message: `Your ${kind} “${doc.documentName}” expires on ${longDate(doc.expiryDate)}, before your trip “${trip.title}” ends on ${longDate(trip.endDate)}.`,
      });
    } else if (doc.documentType === 'passport' && doc.expiryDate < sixMonthsAfterStart) {
      warnings.push({
        ...base,
        rule: 'passport_validity_after_start',
        message: `Your passport “${doc.documentName}” expires on ${longDate(doc.expiryDate)}, less than six months after your trip “${trip.title}” starts on ${longDate(trip.startDate)}; many countries refuse entry then.`,
      });
    }
  }
  return warnings;
}

/** Warnings for the actor's current and upcoming trips (or one of them), soonest trip first. */
export async function listTripDocumentWarnings(
  db: Database,
  actor: Actor,
  tripId: string | undefined,
  now: Date,
): Promise<TripDocumentWarning[]> {
  const [trips, docs] = await Promise.all([
    // One trip: the actor's own or one shared with them (a member travels too, with their
    // own documents); anyone else's is NOT_FOUND like a missing one.
    tripId === undefined ? listTrips(db, actor, now) : getTrip(db, actor, tripId, now, 'view').then((trip) => [trip]),
    db
      .select({
        id: travelDocuments.id,
        documentType: travelDocuments.documentType,
        documentName: travelDocuments.documentName,
        expiryDate: travelDocuments.expiryDate,
      })
      .from(travelDocuments)
      .where(eq(travelDocuments.userId, actor.id))
      .orderBy(...byExpiry),
  ]);
  const checked = trips
    .filter((t) => t.status === 'current' || t.status === 'upcoming')
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  return checked.flatMap((trip) => documentWarningsForTrip(trip, docs));
}
