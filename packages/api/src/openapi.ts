import { generateOpenApiDocument } from 'trpc-to-openapi';
import { authErrorSchema, authPaths } from './openapi/auth-paths';
import { describeErrors } from './openapi/errors';
import { describeOperations, tags } from './openapi/operations';
import { serverPaths } from './openapi/server-paths';
import { webhookDocument } from './openapi/webhooks';
import { appRouter } from './root';

/** The REST contract, generated from the same routers the web app calls. */
export function createOpenApiDocument(baseUrl = '/api') {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Naav API',
    description:
      'Navigation Assistant for Aspirations & Voyages. Authenticate with an API token (`Authorization: Bearer …`) or with the session cookie that /api/auth/sign-in/email sets. Errors are JSON {message, code, issues?}. Money is in integer minor units of its currency (expenses, budgets, balances), except the proposals’ and trip requests’ budgets and costs and the inspirations’ prices, in whole US dollars: each amount’s description says which. Changes to /api are additive only; see docs/api.md for the versioning policy.',
    version: '1.0.0',
    baseUrl,
    securitySchemes: {
      sessionCookie: {
        type: 'apiKey',
        in: 'cookie',
        name: 'naav.session_token',
        description: 'The session cookie /api/auth/sign-in/email sets (HTTP-only).',
      },
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A personal access token (account menu → API tokens), sent as `Authorization: Bearer <token>`; limited to its scopes.',
      },
    },
  });
  document.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Naav' };
  document.info.contact = { name: 'Naav', url: 'https://github.com/naav' };
  // Calendars are answered as the file itself rather than the JSON wrapper.
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    const ok = path.endsWith('.ics') ? operations?.get?.responses?.['200'] : undefined;
    if (ok && 'content' in ok) ok.content = { 'text/calendar': { schema: { type: 'string' } } };
  }
  // DELETE /me takes its fields as a JSON body (the server reads it: a password is no query parameter).
  const deleteMe = document.paths?.['/me']?.delete;
  if (deleteMe) {
    const fields = (deleteMe.parameters ?? []) as { name: string; required?: boolean; schema?: object }[];
    deleteMe.parameters = [];
    deleteMe.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: Object.fromEntries(fields.map((f) => [f.name, (f.schema ?? {}) as { type?: 'string' }])),
            required: fields.filter((f) => f.required).map((f) => f.name),
            additionalProperties: false,
          },
        },
      },
    };
  }
  document.paths = {
    ...document.paths,
    ...serverPaths(document.paths?.['/trips/{id}/photos'], document.paths?.['/trips/{id}/expenses']),
  };
  describeErrors(document);
  // better-auth's paths carry their own answers; they go first, as an integrator starts there.
  document.paths = { ...authPaths(), ...document.paths };
  // The events sent to webhook endpoints, with their data's named schemas.
  const webhooks = webhookDocument();
  document.webhooks = webhooks.webhooks as typeof document.webhooks;
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, AuthError: authErrorSchema, ...webhooks.schemas } as NonNullable<
      typeof document.components
    >['schemas'],
  };
  describeOperations(document);
  document.tags = tags;
  return document;
}
