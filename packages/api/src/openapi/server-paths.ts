import { photoContentTypes } from '@naav/db/schema';
import { maxInputMegapixels, maxPhotoSide, thumbnailSide } from '../routers/photos/photo-processing';
import { maxPhotoMegabytes, maxPhotosPerUpload } from '../routers/photos/photos.schemas';
import type { Document, Operation, PathItem } from './types';

/**
 * The paths the server answers itself rather than through the REST adapter (apps/server/src/routes):
 * photo uploads and files, the live stream, the calendar feed and the expense CSV. `photosPath` is
 * the generated GET of a trip's photos, whose answer an upload repeats; `expensesPath` the
 * generated expense list, whose filters the CSV takes.
 */
/** Either the session cookie or an API token. */
const signedIn: { [scheme: string]: string[] }[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

export function serverPaths(photosPath: PathItem | undefined, expensesPath: PathItem | undefined): Document['paths'] {
  // Photo files and uploads are served by the server itself: uploads are multipart, files are images.
  const photoId = [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'string' as const } }];
  const photoFile = (summary: string, operationId: string) => ({
    get: {
      operationId,
      summary,
      tags: ['photos'],
      security: signedIn,
      parameters: photoId,
      responses: {
        '200': {
          description: 'The image (Cache-Control: private, no-cache, with an ETag)',
          content: Object.fromEntries(
            photoContentTypes.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }]),
          ),
        },
        '304': { description: 'Not modified: the If-None-Match given names the same image, for the same user' },
        '404': { description: 'No such photo, or not yours' },
      },
    },
  });
  return {
    '/trips/{id}/photos': {
      ...photosPath,
      post: {
        operationId: 'photos-upload',
        summary: `Upload photos to a trip: one or more \`file\` fields, JPEG, PNG or WebP (checked by content and decoded), up to ${maxPhotoMegabytes} MB each and ${maxPhotosPerUpload} at a time`,
        description: `The server decodes each image, turns it upright by its EXIF orientation, removes all metadata (GPS position, camera, comments), scales it to at most ${maxPhotoSide} px on its long side and stores it as WebP, with a ${thumbnailSide} px thumbnail it makes itself.`,
        tags: ['photos'],
        security: signedIn,
        parameters: photoId,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: {
                    type: 'array',
                    items: { type: 'string', format: 'binary' },
                    minItems: 1,
                    maxItems: maxPhotosPerUpload,
                  },
                  thumbnail: {
                    type: 'array',
                    items: { type: 'string', format: 'binary' },
                    deprecated: true,
                    description:
                      'Ignored: older web apps sent a small copy of each file; the server now makes the thumbnail itself.',
                  },
                },
                required: ['file'],
              },
            },
          },
        },
        responses: {
          // The same array of photos GET answers.
          '200': photosPath?.get?.responses?.['200'] ?? { description: 'The photos as stored' },
          '400': {
            description: `\`file\`: missing, not a JPEG, PNG or WebP image, not decodable, or over ${maxInputMegapixels} megapixels`,
          },
          '401': { description: 'Not signed in' },
          '404': { description: 'No such trip, or not yours' },
          '413': { description: '`file`: larger than the limit' },
        },
      },
    },
    '/photos/{id}/file': photoFile('A photo (owner only)', 'photos-file'),
    '/photos/{id}/thumbnail': photoFile(
      `A photo for a grid: the ${thumbnailSide} px copy the server made (the original for photos stored by older versions without one)`,
      'photos-thumbnail',
    ),
    // Live changes as server-sent events (served by the server over live.changes' service).
    '/stream': {
      get: {
        operationId: 'live-stream',
        summary: 'Live changes of the topics named, as server-sent events (text/event-stream)',
        description:
          'Each event has `id` (an opaque token: the stream’s place, to resume from), `event` (its kind: created, updated, deleted, message, read, request, proposal, membership, notice; `reset` when events were missed and everything shown should be reloaded; `revoked` when the topic may no longer be read) and `data`, the event as JSON `{position, topic, rowId, kind}` (`position` counts this stream’s events, 1, 2, 3…, and goes on after a resume; it says nothing of other users’ changes): no row data, which the client reloads through the ordinary paths. A comment line comes every 15 s. To resume after a dropped connection, send the last id seen as `Last-Event-ID` (EventSource does) or `lastEventId`. Topics: `trip:<tripId>` (whoever can read the trip), `trips:<userId>` and `notices:<userId>` (that user: their trips, their inbox), `concierge:<userId>` and `proposals:<clientId>` (that user and agents), `group:<groupId>` (its owner and members), `concierge` and `proposals` (agents). An API token follows what its owner may, each topic also needing the read scope of its domain: `trips` for `trip:` and `trips:`, `family` for `group:`, `concierge` and `proposals` for theirs; `notices:` needs none.',
        tags: ['live'],
        security: signedIn,
        parameters: [
          {
            name: 'topics',
            in: 'query',
            required: true,
            description: 'Up to 30 topics, comma-separated',
            schema: { type: 'string' },
          },
          {
            name: 'lastEventId',
            in: 'query',
            required: false,
            description: 'The last event id seen (or the Last-Event-ID header)',
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
          },
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
          },
        ],
        responses: {
          '200': {
            description: 'The stream of events',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '403': { description: 'An API token without the read scope of a topic’s domain (the message names it)' },
          '404': { description: 'A topic that does not exist or that you may not read' },
        },
      },
    },
    // The public feed calendar apps poll (served by the server from shared.calendar).
    '/calendar/{token}.ics': {
      get: {
        operationId: 'shared-calendar',
        summary: "A trip's calendar feed for calendar apps (no sign-in; revocable)",
        tags: ['sharing'],
        parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'The trip and its events',
            content: { 'text/calendar': { schema: { type: 'string' } } },
          },
          '404': { description: 'This link is no longer active' },
        },
      },
    },

    // The budget tracker's export (served by the server from the expense list's own procedure).
    '/trips/{id}/expenses.csv': {
      get: {
        operationId: 'expenses-csv',
        summary: "A trip's expenses as a CSV file, with the same filters as the expense list",
        description:
          'Streamed as it is read (no Content-Length), CRLF line ends: a header line (Date, Description, Category, Amount, Currency, Amount (<base currency>), Exchange rate, Payment method, Location, Reimbursable, Notes), then one line per expense, newest first. Unlike the JSON answers, amounts here are in major units with two decimals (12.50), for spreadsheets. The filters are the expense list’s: range, categoryId and q.',
        tags: ['budget'],
        security: signedIn,
        parameters: (expensesPath?.get?.parameters as { name: string }[] | undefined)?.filter((p) =>
          ['id', 'range', 'categoryId', 'q'].includes(p.name),
        ) as Operation['parameters'],
        responses: {
          '200': {
            description: 'The CSV file (Content-Disposition: attachment, with a file name)',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    // RFC 8058 one-click unsubscribe, the target of every notification mail's List-Unsubscribe (no sign-in).
    '/notifications/unsubscribe': {
      get: {
        operationId: 'notifications-unsubscribe-page',
        summary: "The mail's unsubscribe link: a page asking to confirm (changes nothing by itself)",
        description:
          'What a mail client or a person opens from the footer link. It asks before changing anything; its button posts to the same address.',
        tags: ['notifications'],
        security: [],
        parameters: [unsubscribeToken],
        responses: {
          '200': { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
          '400': { description: 'This unsubscribe link is not valid (a page when the request accepts HTML)' },
        },
      },
      post: {
        operationId: 'notifications-unsubscribe',
        summary: "Turn e-mail off for the token's kind of notice",
        description:
          'One click (RFC 8058): any body, e.g. `List-Unsubscribe=One-Click`. The token is per person and kind; no session is needed.',
        tags: ['notifications'],
        security: [],
        parameters: [unsubscribeToken],
        responses: {
          '200': {
            description: 'E-mail for that kind is off: {kind, label, email: "off"} (a page for a browser form)',
            content: {
              'application/json': { schema: { type: 'object' } },
              'text/html': { schema: { type: 'string' } },
            },
          },
          '400': { description: 'This unsubscribe link is not valid' },
        },
      },
    },
  };
}

const unsubscribeToken = {
  name: 'token',
  in: 'query' as const,
  required: true,
  description: "The token of the mail's List-Unsubscribe link (one per person and kind)",
  schema: { type: 'string' as const },
};
