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
  return document;
}
