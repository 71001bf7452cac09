import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** One answer as a test received it through the harness. */
export interface RecordedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
}

const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/');

/**
 * Checks answers against /api/openapi.json: the operation (method + path template) must
 * document the status, the content type, and (for JSON) a schema the body fits. Answers to
 * paths the document does not have (unknown paths, the links in mails, pages) are not its business.
 * Returns one line per mismatch; none when everything fits.
 */
export function createConformanceChecker(document: OpenApiDocument): (responses: RecordedResponse[]) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { binary: true } });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(document as object, 'openapi');

  // Templates with fewer parameters first, so /trips/current wins over /trips/{id}.
  const templates = Object.keys(document.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params);

  return (responses) => {
    const problems: string[] = [];
    for (const r of responses) {
      const { pathname } = new URL(r.url, 'http://localhost');
      if (!pathname.startsWith('/api/')) continue;
      const path = pathname.slice('/api'.length);
      const method = r.method.toLowerCase();
      const match = templates.find((t) => t.pattern.test(path) && document.paths[t.template]?.[method]);
      if (!match) continue;
      const what = `${r.method} ${pathname} → ${r.status}`;
      const responsesOf = document.paths[match.template]![method]!.responses ?? {};
      const documented = responsesOf[String(r.status)];
      if (!documented) {
        problems.push(
          `${what}: ${r.status} is not documented for ${r.method} ${match.template} (documented: ${Object.keys(responsesOf).join(', ')})`,
        );
        continue;
      }
      const mediaType = r.contentType.split(';')[0]!.trim();
      const content = documented.content ?? {};
      // An answer documented without a body (304) and sent without one fits.
      if (!mediaType && Object.keys(content).length === 0) continue;
      if (!content[mediaType]) {
        problems.push(
          `${what}: answered ${mediaType || 'no content type'}, documented ${Object.keys(content).join(', ') || 'no body'}`,
        );
        continue;
      }
      if (mediaType !== 'application/json') continue;
      const validate = ajv.getSchema(
        `openapi#/${pointer('paths', match.template, method, 'responses', String(r.status), 'content', mediaType, 'schema')}`,
      );
      if (!validate) {
        problems.push(`${what}: no schema to check the body against`);
        continue;
      }
      if (!validate(JSON.parse(r.body))) {
        const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
        problems.push(`${what}: the body does not fit the documented schema: ${errors}; body ${r.body.slice(0, 300)}`);
      }
    }
    return problems;
  };
}
