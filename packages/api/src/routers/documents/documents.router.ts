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
import { deleteById, listMine } from '../../lib/procedures';

export const documentsRouter = router({
  list: listMine(
    {
      method: 'GET',
      path: '/documents',
      tags: ['documents'],
      summary: 'My travel documents, soonest expiry first (numbers masked)',
    },
    documentSummarySchema,
    listDocuments,
  ),

  expiring: listMine(
    {
      method: 'GET',
      path: '/documents/expiring',
      tags: ['documents'],
      summary: 'My documents expiring within 90 days',
    },
    documentSummarySchema,
    listExpiringDocuments,
  ),

  tripWarnings: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/documents/trip-warnings',
        tags: ['documents'],
        summary: 'Passports and visas that do not cover my current and upcoming trips',
      },
    })
    .input(tripWarningsInput)
    .output(z.array(tripDocumentWarningSchema))
    .query(({ ctx, input }) => listTripDocumentWarnings(ctx.db, ctx.actor, input.tripId, ctx.now())),

  byId: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/documents/{id}',
        tags: ['documents'],
        summary: 'One of my documents, with its full number',
      },
    })
    .input(idInput)
    .output(documentDetailSchema)
    .query(({ ctx, input }) => getDocument(ctx.db, ctx.actor, input.id, ctx.now())),

  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/documents', tags: ['documents'], summary: 'Add a travel document' },
      idempotency: 'recorded',
    })
    .input(documentInput)
    .output(documentSummarySchema)
    .mutation(({ ctx, input }) => createDocument(ctx.db, ctx.actor, input, ctx.now())),

  update: authedProcedure
    .meta({
      idempotency: 'recorded',
      openapi: { method: 'PUT', path: '/documents/{id}', tags: ['documents'], summary: 'Replace one of my documents' },
    })
    .input(updateDocumentInput)
    .output(documentSummarySchema)
    .mutation(({ ctx, input }) => updateDocument(ctx.db, ctx.actor, input, ctx.now())),

  setNotes: authedProcedure
    .meta({
      idempotency: 'recorded',
      openapi: {
        method: 'PUT',
        path: '/documents/{id}/notes',
        tags: ['documents'],
        summary: 'Set the notes of one of my documents',
      },
    })
    .input(documentNotesInput)
    .output(documentSummarySchema)
    .mutation(({ ctx, input }) => setDocumentNotes(ctx.db, ctx.actor, input, ctx.now())),

  delete: deleteById(
    {
      method: 'DELETE',
      path: '/documents/{id}',
      tags: ['documents'],
      summary: 'Delete one of my documents',
    },
    deleteDocument,
  ),
});
