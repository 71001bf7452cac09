import { addDaysIso } from '@naav/schemas/dates';
import type { Database } from '../client';
import { travelDocuments } from '../schema/index';
import { upsertRows } from './upsert';
import { demoUsers } from './users';

/** Fixed ids; expiry dates relative to today: one valid passport, insurance expiring soon, an expired card. */
export async function seedDocuments(db: Database, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const day = (offset: number) => addDaysIso(today, offset);
  await upsertRows(db, travelDocuments, [
    {
      id: 'doc-passport',
      userId: demoUsers.traveller.id,
      documentType: 'passport',
      documentName: 'UK Passport',
      documentNumber: '533380006',
      issueDate: day(-1500),
      expiryDate: day(2100),
      issuingCountry: 'United Kingdom',
      notes: null,
    },
    {
      id: 'doc-insurance',
      userId: demoUsers.traveller.id,
      documentType: 'travel_insurance',
      documentName: 'Annual travel insurance',
      documentNumber: 'TI-2291-7781',
      issueDate: day(-300),
      expiryDate: day(65),
      issuingCountry: null,
      notes: 'Covers winter sports.',
    },
    {
      id: 'doc-id-card',
      userId: demoUsers.traveller.id,
      documentType: 'id_card',
      documentName: 'Old ID card',
      documentNumber: 'ID7730021',
      issueDate: day(-3700),
      expiryDate: day(-20),
      issuingCountry: 'United Kingdom',
      notes: null,
    },
    {
      id: 'doc-traveller2-passport',
      userId: demoUsers.traveller2.id,
      documentType: 'passport',
      documentName: 'Spanish Passport',
      documentNumber: 'PAB123456',
      issueDate: day(-800),
      expiryDate: day(2800),
      issuingCountry: 'Spain',
      notes: null,
    },
  ]);
}
