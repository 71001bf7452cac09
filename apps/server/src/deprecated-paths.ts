import { Hono } from 'hono';

/**
 * Paths renamed under /api, still served at their old place (see "Versioning" in docs/api.md): the
 * answer is the new path's, with `Deprecation` (RFC 9745: since when) and `Link` to the successor.
 * Each entry: the methods, the old path (Hono pattern) and the new path for its parameters.
 */
const renamed: { methods: string[]; from: string; to: (params: Record<string, string>) => string; since: string }[] = [
  {
    // /proposals/items/{id} was ambiguous with /proposals/{id}/open and /proposals/{id}/feedback.
    methods: ['PATCH', 'DELETE'],
    from: '/proposals/items/:id',
    to: ({ id }) => `/proposal-items/${encodeURIComponent(id ?? '')}`,
    since: '2026-11-27T00:00:00Z',
  },
];

/** `serve` answers a REST request (with the Node bindings of the request it stands for). */
export function deprecatedPathRoutes(serve: (req: Request, env: unknown) => Promise<Response>) {
  const routes = new Hono();
  for (const { methods, from, to, since } of renamed) {
    routes.on(methods, from, async (c) => {
      const url = new URL(c.req.url);
      url.pathname = `/api${to(c.req.param())}`;
      const body = c.req.method === 'GET' || c.req.method === 'DELETE' ? undefined : await c.req.raw.arrayBuffer();
      const answer = await serve(new Request(url, { method: c.req.method, headers: c.req.raw.headers, body }), c.env);
      const res = new Response(answer.body, answer);
      res.headers.set('Deprecation', `@${Date.parse(since) / 1000}`);
      res.headers.append('Link', `<${url.pathname}>; rel="successor-version"`);
      return res;
    });
  }
  return routes;
}
