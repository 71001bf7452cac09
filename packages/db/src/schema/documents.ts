import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { documentTypes } from '@naav/schemas/documents';
import { user } from './auth';
import { cascadeRef, timestampNow, uuidKey } from './columns';

export { documentTypes };

// A travel document of a traveller. The number is sensitive: lists only ever show its
// last four characters.
export const travelDocuments = sqliteTable(
  'travel_documents',
  {
    id: uuidKey(),
    userId: cascadeRef(() => user.id),
    documentType: text({ enum: documentTypes }).notNull(),
    documentName: text().notNull(),
    documentNumber: text().notNull(),
    /** YYYY-MM-DD, optional. */
    issueDate: text(),
    expiryDate: text(),
    issuingCountry: text(),
    notes: text(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('travel_documents_user_idx').on(t.userId, t.expiryDate)],
);
