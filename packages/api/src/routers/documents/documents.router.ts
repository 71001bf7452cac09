import { z } from 'zod';
import { router } from '../../trpc';
import * as schemas from './documents.schemas';
import * as documents from './documents.service';
import { deleteById, listMine, read, readById, rest, write } from '../../lib/procedures';

export const documentsRouter = router({
  list: listMine(schemas.documentSummarySchema, documents.listDocuments).at(
    rest('GET /documents', 'documents', 'My travel documents, soonest expiry first (numbers masked)'),
  ),

  expiring: listMine(schemas.documentSummarySchema, documents.listExpiringDocuments).at(
    rest('GET /documents/expiring', 'documents', 'My documents expiring within 90 days'),
  ),

  tripWarnings: read(
    schemas.tripWarningsInput,
    z.array(schemas.tripDocumentWarningSchema),
    (db, actor, { tripId }, now) => documents.listTripDocumentWarnings(db, actor, tripId, now),
  ).at(
    rest(
      'GET /documents/trip-warnings',
      'documents',
      'Passports and visas that do not cover my current and upcoming trips',
    ),
  ),

  byId: readById(schemas.documentDetailSchema, documents.getDocument).at(
    rest('GET /documents/{id}', 'documents', 'One of my documents, with its full number'),
  ),

  create: write(schemas.documentInput, schemas.documentSummarySchema, documents.createDocument).at(
    rest.recorded('POST /documents', 'documents', 'Add a travel document'),
  ),

  update: write(schemas.updateDocumentInput, schemas.documentSummarySchema, documents.updateDocument).at(
    rest.recorded('PUT /documents/{id}', 'documents', 'Replace one of my documents'),
  ),

  setNotes: write(schemas.documentNotesInput, schemas.documentSummarySchema, documents.setDocumentNotes).at(
    rest.recorded('PUT /documents/{id}/notes', 'documents', 'Set the notes of one of my documents'),
  ),

  delete: deleteById(documents.deleteDocument).at(
    rest('DELETE /documents/{id}', 'documents', 'Delete one of my documents'),
  ),
});
