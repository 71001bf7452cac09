/** The travel documents' types and the requests of the document dialog. */
import { z } from './zod';
import { id, isoDate, optionalText } from './fields';

export const documentTypes = [
  'passport',
  'visa',
  'id_card',
  'drivers_license',
  'travel_insurance',
  'vaccination',
  'other',
] as const;
export type DocumentType = (typeof documentTypes)[number];

/** A date input: YYYY-MM-DD, or an ISO timestamp cut to its date; empty means none. */
const optionalDate = z
  .union([isoDate, z.iso.datetime({ offset: true }).transform((s) => s.slice(0, 10)), z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));

/** The dialog's fields; the number is whole here (lists only ever get its last four characters). */
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

/** POST /api/documents: the Add Document dialog. */
export const documentInput = documentFieldsInput.superRefine(expiryNotBeforeIssue);
export type DocumentInput = z.infer<typeof documentInput>;

/** PUT /api/documents/{id}: the whole document again (the Edit Document dialog). */
export const updateDocumentInput = documentFieldsInput.extend({ id }).superRefine(expiryNotBeforeIssue);
export type UpdateDocumentInput = z.infer<typeof updateDocumentInput>;

/** PUT /api/documents/{id}/notes: the notes alone (the card's notes editor, which may save them offline). */
export const documentNotesInput = z.object({ id, notes: optionalText(2000) });
export type DocumentNotesInput = z.infer<typeof documentNotesInput>;
