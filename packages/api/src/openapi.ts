import { generateOpenApiDocument } from 'trpc-to-openapi';
import { photoContentTypes } from '@naav/db/schema';
import { appRouter } from './root';
import { maxInputMegapixels, maxPhotoSide, thumbnailSide } from './routers/photos/photo-processing';
import { maxPhotoMegabytes, maxPhotosPerUpload } from './routers/photos/photos.schemas';

/** The REST contract, generated from the same routers the web app calls. */
export function createOpenApiDocument(baseUrl = '/api') {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Naav API',
    description:
      'Navigation Assistant for Aspirations & Voyages. Sign in through /api/auth/sign-in/email; the session cookie authorises every other call. Errors are JSON {message, code, issues?}.',
    version: '1.0.0',
    baseUrl,
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'naav.session_token' },
    },
  });
  // The server answers calendar paths with the file itself rather than the JSON wrapper.
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const ok = path.endsWith('.ics') ? operations?.get?.responses?.['200'] : undefined;
    if (ok && 'content' in ok) ok.content = { 'text/calendar': { schema: { type: 'string' } } };
  }
  // Photo files and uploads are served by the server itself: uploads are multipart, files are images.
  const photoId = [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'string' as const } }];
  const photoFile = (summary: string, operationId: string) => ({
    get: {
      operationId,
      summary,
      tags: ['photos'],
      security: [{ sessionCookie: [] }],
      parameters: photoId,
      responses: {
        '200': {
          description: 'The image (Cache-Control: private, immutable)',
          content: Object.fromEntries(photoContentTypes.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }])),
        },
        '404': { description: 'No such photo, or not yours' },
      },
    },
  });
  const photosPath = document.paths?.['/trips/{id}/photos'];
  document.paths = {
    ...document.paths,
    '/trips/{id}/photos': {
      ...photosPath,
      post: {
        operationId: 'photos-upload',
        summary: `Upload photos to a trip: one or more \`file\` fields, JPEG, PNG or WebP (checked by content and decoded), up to ${maxPhotoMegabytes} MB each and ${maxPhotosPerUpload} at a time`,
        description: `The server decodes each image, turns it upright by its EXIF orientation, removes all metadata (GPS position, camera, comments), scales it to at most ${maxPhotoSide} px on its long side and stores it as WebP, with a ${thumbnailSide} px thumbnail it makes itself.`,
        tags: ['photos'],
        security: [{ sessionCookie: [] }],
        parameters: photoId,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: { type: 'array', items: { type: 'string', format: 'binary' }, minItems: 1, maxItems: maxPhotosPerUpload },
                  thumbnail: {
                    type: 'array',
                    items: { type: 'string', format: 'binary' },
                    deprecated: true,
                    description: 'Ignored: older web apps sent a small copy of each file; the server now makes the thumbnail itself.',
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
    '/photos/{id}/thumbnail': photoFile(`A photo for a grid: the ${thumbnailSide} px copy the server made (the original for photos stored by older versions without one)`, 'photos-thumbnail'),
    // The public feed calendar apps poll (served by the server from shared.calendar).
    '/calendar/{token}.ics': {
      get: {
        operationId: 'shared-calendar',
        summary: "A trip's calendar feed for calendar apps (no sign-in; revocable)",
        tags: ['sharing'],
        parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The trip and its events', content: { 'text/calendar': { schema: { type: 'string' } } } },
          '404': { description: 'This link is no longer active' },
        },
      },
    },
  };
  return document;
}
