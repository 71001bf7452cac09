import { documentTypes } from '@naav/schemas/documents';
import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';

/** Expiring-soon window, days. */
export const EXPIRING_SOON_DAYS = 90;
/** Many countries want a passport valid this many months after arrival. */
export const PASSPORT_VALIDITY_MONTHS = 6;

export const expiryStatuses = ['expired', 'expiring_soon', 'valid', 'no_expiry'] as const;

// The document requests live in @naav/schemas, where the document dialog checks its values with them too.
export {
  documentInput,
  documentNotesInput,
  updateDocumentInput,
  type DocumentInput,
  type DocumentNotesInput,
  type UpdateDocumentInput,
} from '@naav/schemas/documents';

const documentFields = {
  id,
  documentType: z.enum(documentTypes),
  documentName: z.string(),
  issueDate: isoDate.nullable(),
  expiryDate: isoDate.nullable(),
  issuingCountry: z.string().nullable(),
  notes: z.string().nullable(),
  /** From today's date: expired (before today), expiring_soon (today … today + 90 days), valid, or no_expiry. */
  expiryStatus: z.enum(expiryStatuses),
  /** Whole days from today to the expiry date (negative once expired); null without one. */
  daysUntilExpiry: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** In lists: the number is never sent, only its last four characters. */
export const documentSummarySchema = z
  .object({ ...documentFields, documentNumberLast4: z.string() })
  .meta({ id: 'DocumentSummary' });
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** One document read on its own (the edit dialog): with the full number. */
export const documentDetailSchema = z
  .object({
    ...documentFields,
    documentNumberLast4: z.string(),
    documentNumber: z.string(),
  })
  .meta({ id: 'TravelDocument' });
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

const tripWarningRules = ['expires_before_trip_ends', 'passport_validity_after_start'] as const;

export const tripWarningsInput = z.object({ tripId: id.optional() });

export const tripDocumentWarningSchema = z
  .object({
    documentId: id,
    documentName: z.string(),
    documentType: z.enum(documentTypes),
    expiryDate: isoDate,
    tripId: id,
    tripTitle: z.string(),
    tripStartDate: isoDate,
    tripEndDate: isoDate,
    rule: z.enum(tripWarningRules),
    /** One sentence naming the document and the trip. */
    message: z.string(),
  })
  .meta({ id: 'TripDocumentWarning' });
export type TripDocumentWarning = z.infer<typeof tripDocumentWarningSchema>;
