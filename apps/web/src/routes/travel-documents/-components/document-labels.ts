import type { RouterOutputs } from '~/lib/api-types';

export type DocumentSummary = RouterOutputs['documents']['list'][number];
export type DocumentType = DocumentSummary['documentType'];

export const documentTypeLabels: Record<DocumentType, string> = {
  passport: 'Passport',
  visa: 'Visa',
  id_card: 'ID Card',
  drivers_license: "Driver's License",
  travel_insurance: 'Travel Insurance',
  vaccination: 'Vaccination Certificate',
  other: 'Other',
};

export const documentTypes = Object.keys(documentTypeLabels) as DocumentType[];

/** "•••• 1234": all a list shows of a document number. */
export const maskedNumber = (last4: string) => `•••• ${last4}`;

/** Red for expired, amber within 90 days, nothing otherwise. */
export function expiryNotice(status: DocumentSummary['expiryStatus']): { text: string; tone: 'danger' | 'warning' } | null {
  if (status === 'expired') return { text: 'Document has expired', tone: 'danger' };
  if (status === 'expiring_soon') return { text: 'Document expires soon', tone: 'warning' };
  return null;
}

export interface DocumentDraft {
  documentType: DocumentType | '';
  documentName: string;
  documentNumber: string;
}

/** The three required fields of the dialog. */
export const missingRequired = (draft: DocumentDraft) => !draft.documentType || !draft.documentName.trim() || !draft.documentNumber.trim();
