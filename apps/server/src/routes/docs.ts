import { createOpenApiDocument } from '@naav/api';
import { Hono } from 'hono';
import { docsStyles, renderDocsPage } from '../docs-page';

/** The OpenAPI document and its readable reference, made on the first request for them rather than at start, where they took a tenth of the CPU. */
export function docsRoutes() {
  const routes = new Hono();
  let docs: { document: ReturnType<typeof createOpenApiDocument>; page: string } | undefined;
  const apiDocs = () => {
    if (!docs) {
      const document = createOpenApiDocument('/api');
      docs = { document, page: renderDocsPage(document as unknown as Record<string, unknown>) };
    }
    return docs;
  };
  routes.get('/openapi.json', (c) => c.json(apiDocs().document));
  routes.get('/docs', (c) => c.html(apiDocs().page));
  routes.get('/docs.css', (c) =>
    c.body(docsStyles, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  return routes;
}
