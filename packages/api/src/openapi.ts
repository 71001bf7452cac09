import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './root';

/** The REST contract, generated from the same routers the web app calls. */
export function createOpenApiDocument(baseUrl = '/api') {
  return generateOpenApiDocument(appRouter, {
    title: 'Naav API',
    description:
      'Navigation Assistant for Aspirations & Voyages. Sign in through /api/auth/sign-in/email; the session cookie authorises every other call. Errors are JSON {message, code, issues?}.',
    version: '1.0.0',
    baseUrl,
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'naav.session_token' },
    },
  });
}
