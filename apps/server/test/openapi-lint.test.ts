import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createOpenApiDocument } from '@naav/api';
import { webhookEventDomains } from '@naav/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// /api/openapi.json as integrators' tools read it: Redocly's recommended rules and Spectral's
// spectral:oas run on it here, in the test command, with the limits the API promises.
const run = promisify(execFile);
const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);

interface Schema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
}
interface Operation {
  operationId: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, string>> };
  tags: { name: string }[];
}

const document = createOpenApiDocument('/api') as unknown as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op })),
);
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'naav-openapi-'));
  file = join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(document));
  await writeFile(join(dir, '.spectral.yaml'), 'extends: ["spectral:oas"]\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the OpenAPI document under the linters', () => {
  it('passes Redocly’s recommended rules with no warning', { timeout: 120_000 }, async () => {
    const { stdout } = await run(bin('redocly'), ['lint', file, '--extends=recommended', '--format=json'], {
      cwd: dir,
    }).catch((e: { stdout: string }) => e);
    const problems = (JSON.parse(stdout) as { problems: { ruleId: string; severity: string; message: string }[] })
      .problems;
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('passes Spectral’s spectral:oas with no error and at most 10 warnings', { timeout: 120_000 }, async () => {
    const { stdout } = await run(
      bin('spectral'),
      ['lint', file, '--ruleset', join(dir, '.spectral.yaml'), '--format', 'json', '--quiet'],
      { cwd: dir },
    ).catch((e: { stdout: string }) => e);
    const results = JSON.parse(stdout || '[]') as { code: string; severity: number; message: string; path: string[] }[];
    const said = (r: (typeof results)[number]) => `${r.code}: ${r.message} (${r.path.join('.')})`;
    // Spectral's severities: 0 error, 1 warning.
    expect(results.filter((r) => r.severity === 0).map(said)).toEqual([]);
    const warnings = results.filter((r) => r.severity === 1).map(said);
    expect(warnings.length, warnings.join('\n')).toBeLessThanOrEqual(10);
  });
});

describe('what integrators generate clients from', () => {
  it('every operation has a description', () => {
    const missing = operations
      .filter(({ op }) => !op.description?.trim())
      .map(({ path, method }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('the resources are named component schemas, referenced by the operations', () => {
    for (const name of ['Trip', 'Event', 'Expense', 'Proposal', 'ProposalItem', 'ChatMessage', 'Client', 'Todo'])
      expect(document.components.schemas[name], name).toBeDefined();
    const ok = (path: string, method = 'get') =>
      document.paths[path]?.[method]?.responses['200']?.content?.['application/json']?.schema;
    expect(ok('/trips')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Trip' } });
    expect(ok('/trips/{id}')).toEqual({ $ref: '#/components/schemas/Trip' });
    expect(ok('/proposals', 'post')).toEqual({ $ref: '#/components/schemas/Proposal' });
    expect(ok('/trips/{id}/expenses')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Expense' } });
  });

  it('every amount of money says its unit: minor units, or whole US dollars for proposals', () => {
    const money =
      /^(amount|amountInBase|budget|budgetTotal|cost|price|paid|share|net|totalSpent|remaining|allocated|unallocated)$/;
    const unstated: string[] = [];
    const seen = new Set<Schema>();
    const walk = (schema: Schema | undefined, where: string) => {
      if (!schema || seen.has(schema)) return;
      seen.add(schema);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const isNumber = [property.type, ...(property.anyOf ?? []).map((s) => s.type)].flat().includes('integer');
        if (money.test(name) && isNumber && !/minor units|whole US dollars/.test(property.description ?? ''))
          unstated.push(`${where}.${name}`);
        walk(property, `${where}.${name}`);
      }
      walk(schema.items, `${where}[]`);
      for (const s of schema.anyOf ?? []) walk(s, where);
    };
    for (const [name, schema] of Object.entries(document.components.schemas)) walk(schema, name);
    for (const { path, method, op } of operations) {
      walk(op.requestBody?.content['application/json']?.schema, `${method} ${path} body`);
      walk(op.responses['200']?.content?.['application/json']?.schema, `${method} ${path} 200`);
    }
    expect(unstated).toEqual([]);
    expect(document.components.schemas['Proposal']?.properties?.['budget']?.description).toMatch(/whole US dollars/);
    expect(document.components.schemas['Expense']?.properties?.['amount']?.description).toMatch(/minor units/);
  });

  it('documents the auth paths, the CSV and calendar downloads, and a 429 with Retry-After everywhere', () => {
    for (const path of [
      '/auth/sign-up/email',
      '/auth/sign-in/email',
      '/auth/sign-out',
      '/auth/get-session',
      '/auth/two-factor/verify-totp',
    ])
      expect(document.paths[path], path).toBeDefined();
    expect(document.paths['/trips/{id}/expenses.csv']?.['get']?.responses['200']?.content).toHaveProperty('text/csv');
    expect(document.paths['/trips/{id}/calendar.ics']?.['get']?.responses['200']?.content).toHaveProperty(
      'text/calendar',
    );
    for (const { path, method, op } of operations) {
      expect(op.responses['429']?.headers, `${method} ${path}`).toHaveProperty('Retry-After');
    }
  });

  it('declares the session cookie and Bearer tokens; protected operations accept either', () => {
    expect(document.components.securitySchemes['bearerAuth']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes['sessionCookie']).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.paths['/trips']?.['get']?.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
  });

  it('describes every webhook event under `webhooks:`, its data a named schema', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...Object.keys(webhookEventDomains), 'webhook.test'].sort());
    const body = (type: string) =>
      document.webhooks[type]?.post.requestBody?.content['application/json']?.schema.properties?.['data'];
    expect(body('proposal.accepted')).toEqual({ $ref: '#/components/schemas/ProposalWebhookData' });
    expect(body('booking.imported')).toEqual({ $ref: '#/components/schemas/BookingImportedWebhookData' });
    expect(document.components.schemas['ProposalWebhookData']?.properties).toHaveProperty('tripId');
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      expect(post.description, type).toBeTruthy();
      expect(
        post.parameters?.map((p) => p.name),
        type,
      ).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
  });

  it('the proposal item paths are unambiguous: /proposal-items/{id}', () => {
    expect(document.paths['/proposal-items/{id}']).toHaveProperty('patch');
    expect(document.paths['/proposal-items/{id}']).toHaveProperty('delete');
    expect(document.paths['/proposals/items/{id}']).toBeUndefined();
  });
});
