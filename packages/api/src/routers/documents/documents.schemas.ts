import { documentTypes } from '@naav/db/schema';
import { z } from 'zod';
import { id, isoDate, optionalText } from '../../lib/schemas';

/** Expiring-soon window, days. */
export const EXPIRING_SOON_DAYS = 90;
/** Many countries want a passport valid this many months after arrival. */
export const PASSPORT_VALIDITY_MONTHS = 6;

export const expiryStatuses = ['expired', 'expiring_soon', 'valid', 'no_expiry'] as const;

/** A date input: YYYY-MM-DD, or an ISO timestamp cut to its date; empty means none. */
const optionalDate = z
  .union([isoDate, z.iso.datetime({ offset: true }).transform((s) => s.slice(0, 10)), z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));

const documentFieldsInput = z.object({
  documentType: z.enum(documentTypes),
  documentName: z.string().trim().min(1, 'Required').max(200),
  documentNumber: z.string().trim().min(1, 'Required').max(100),
  issueDate: optionalDate,
  expiryDate: optionalDate,
  issuingCountry: optionalText(100),
  notes: optionalText(2000),
});

const expiryNotBeforeIssue = (doc: { issueDate: string | null; expiryDate: string | null }, ctx: z.RefinementCtx) => {
  if (doc.issueDate && doc.expiryDate && doc.expiryDate < doc.issueDate) {
    ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'The expiry date cannot be before the issue date' });
  }
};

export const documentInput = documentFieldsInput.superRefine(expiryNotBeforeIssue);
export type DocumentInput = z.infer<typeof documentInput>;

/** PUT: the whole document again. */
export const updateDocumentInput = documentFieldsInput.extend({ id }).superRefine(expiryNotBeforeIssue);
export type UpdateDocumentInput = z.infer<typeof updateDocumentInput>;

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
export const documentSummarySchema = z.object({ ...documentFields, documentNumberLast4: z.string() });
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** One document read on its own (the edit dialog): with the full number. */
export const documentDetailSchema = z.object({ ...documentFields, documentNumberLast4: z.string(), documentNumber: z.string() });
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

export const tripWarningRules = ['expires_before_trip_ends', 'passport_validity_after_start'] as const;

export const tripWarningsInput = z.object({ tripId: id.optional() });

export const tripDocumentWarningSchema = z.object({
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
});
export type TripDocumentWarning = z.infer<typeof tripDocumentWarningSchema>;
