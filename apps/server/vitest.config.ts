import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The REST contract files' answers are checked against /api/openapi.json after each file.
    setupFiles: ['./test/openapi-conformance.setup.ts'],
  },
});
