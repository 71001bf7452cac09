type Json = Record<string, unknown>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function schemaSummary(schema: unknown, depth = 0): string {
  if (!schema || typeof schema !== 'object' || depth > 3) return '';
  const s = schema as Json;
  if (s['type'] === 'array') return `array of ${schemaSummary(s['items'], depth + 1) || 'items'}`;
  const props = s['properties'] as Json | undefined;
  if (props) {
    const required = new Set((s['required'] as string[] | undefined) ?? []);
    const rows = Object.entries(props).map(([name, p]) => {
      const ps = p as Json;
      const type = Array.isArray(ps['type'])
        ? (ps['type'] as string[]).join(' | ')
        : String(ps['type'] ?? (ps['enum'] ? 'enum' : 'object'));
      const extra = ps['enum']
        ? ` (${(ps['enum'] as unknown[]).join(', ')})`
        : ps['format']
          ? ` (${String(ps['format'])})`
          : '';
      return `<li><code>${escapeHtml(name)}</code>${required.has(name) ? '' : '?'}: ${escapeHtml(type + extra)}</li>`;
    });
    return `<ul>${rows.join('')}</ul>`;
  }
  return escapeHtml(String(s['type'] ?? ''));
}

/** The reference page's styles, served as a file: the Content-Security-Policy allows no inline style. */
export const docsStyles = `body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#17202a}
code{font-family:ui-monospace,monospace}.op{border:1px solid #d0d7de;border-radius:8px;padding:0 1rem;margin:1rem 0}
h2{font-size:1.05rem}.m{display:inline-block;min-width:4.5rem;text-align:center;border-radius:4px;color:#fff;padding:0 .4rem;background:#135a53}
.m.post{background:#7a4a12}.m.put,.m.patch{background:#4a3b8f}.m.delete{background:#a11d1d}`;

/** A page listing every REST operation: no scripts, no fonts, works offline (styles at /api/docs.css). */
export function renderDocsPage(doc: Json): string {
  const info = (doc['info'] ?? {}) as Json;
  const paths = (doc['paths'] ?? {}) as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const params = ((op['parameters'] as Json[] | undefined) ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(String(p['name']))}</code> in ${escapeHtml(String(p['in']))}${p['required'] ? '' : ' (optional)'}</li>`,
        )
        .join('');
      const body = ((op['requestBody'] as Json | undefined)?.['content'] as Json | undefined)?.['application/json'] as
        | Json
        | undefined;
      const ok = (
        ((op['responses'] as Json | undefined)?.['200'] as Json | undefined)?.['content'] as Json | undefined
      )?.['application/json'] as Json | undefined;
      return `<section class="op"><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h2>
<p>${escapeHtml(String(op['summary'] ?? ''))}</p>
${params ? `<h3>Parameters</h3><ul>${params}</ul>` : ''}
${body ? `<h3>Body</h3>${schemaSummary(body['schema'])}` : ''}
${ok ? `<h3>200 response</h3>${schemaSummary(ok['schema'])}` : ''}</section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info['title'] ?? 'API'))} reference</title>
<link rel="stylesheet" href="/api/docs.css"></head>
<body><h1>${escapeHtml(String(info['title'] ?? 'API'))} <small>v${escapeHtml(String(info['version'] ?? ''))}</small></h1>
<p>${escapeHtml(String(info['description'] ?? ''))}</p><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
${operations.join('\n')}</body></html>`;
}
