import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './root';

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
  // The public feed calendar apps poll (served by the server from shared.calendar).
  document.paths = {
    ...document.paths,
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
