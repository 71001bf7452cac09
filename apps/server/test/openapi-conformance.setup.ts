import { createOpenApiDocument } from '@naav/api';
import { afterAll, beforeAll, expect } from 'vitest';
import { recordedResponses } from './harness';
import { createConformanceChecker } from './openapi-conformance';

// After each REST contract file (*.rest.test.ts): every answer its tests received on a
// documented operation must be documented there, status, content type and body, so the
// document cannot drift from what the server says.
// Files share one module registry (isolate: false): each starts with an empty record.
beforeAll(() => {
  recordedResponses.length = 0;
});
afterAll(() => {
  const file = expect.getState().testPath ?? '';
  if (!file.endsWith('.rest.test.ts') || recordedResponses.length === 0) return;
  const check = createConformanceChecker(
    createOpenApiDocument('/api') as unknown as Parameters<typeof createConformanceChecker>[0],
  );
  const answers = recordedResponses.splice(0);
  expect(check(answers), `answers of ${file} that /api/openapi.json does not describe`).toEqual([]);
});
