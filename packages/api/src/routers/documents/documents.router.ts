import { z } from 'zod';
import { idInput } from '../../lib/schemas';
import { authedProcedure, router } from '../../trpc';
import {
  documentDetailSchema,
  documentInput,
  documentNotesInput,
  documentSummarySchema,
  tripDocumentWarningSchema,
  tripWarningsInput,
  updateDocumentInput,
} from './documents.schemas';
import {
  createDocument,
  deleteDocument,
  getDocument,
  listDocuments,
  listExpiringDocuments,
  listTripDocumentWarnings,
  setDocumentNotes,
  updateDocument,
} from './documents.service';
import { deleteById, listMine, rest } from '../../lib/procedures';

export const documentsRouter = router({
  list: listMine(
    rest('GET /documents', 'documents', 'My travel documents, soonest expiry first (numbers masked)'),
    documentSummarySchema,
    listDocuments,
  ),

  expiring: listMine(
    rest('GET /documents/expiring', 'documents', 'My documents expiring within 90 days'),
    documentSummarySchema,
    listExpiringDocuments,
  ),

  tripWarnings: authedProcedure
    .meta(
      rest(
        'GET /documents/trip-warnings',
        'documents',
        'Passports and visas that do not cover my current and upcoming trips',
      ),
    )
    .input(tripWarningsInput)
    .output(z.array(tripDocumentWarningSchema))
    .query(({ ctx, input }) => listTripDocumentWarnings(ctx.db, ctx.actor, input.tripId, ctx.now())),

  byId: authedProcedure
    .meta(rest('GET /documents/{id}', 'documents', 'One of my documents, with its full number'))
    .input(idInput)
    .output(documentDetailSchema)
    .query(({ ctx, input }) => getDocument(ctx.db, ctx.actor, input.id, ctx.now())),

  create: authedProcedure
    .meta(rest.recorded('POST /documents', 'documents', 'Add a travel document'))
    .input(documentInput)
    .output(documentSummarySchema)
    .mutation(({ ctx, input }) => createDocument(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    .meta(rest.recorded('PUT /documents/{id}', 'documents', 'Replace one of my documents'))
    .input(updateDocumentInput)
    .output(documentSummarySchema)
    .mutation(({ ctx, input }) => updateDocument(ctx.db, ctx.actor, input, ctx.now())),

  setNotes: authedProcedure
    .meta(rest.recorded('PUT /documents/{id}/notes', 'documents', 'Set the notes of one of my documents'))
    .input(documentNotesInput)
    .output(documentSummarySchema)
    .mutation(({ ctx, input }) => setDocumentNotes(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(rest('DELETE /documents/{id}', 'documents', 'Delete one of my documents'), deleteDocument),
});
