import { defineProject } from 'vitest/config';

export default defineProject({
  // Every REST suite starts a server (migrations, demo) in its beforeAll: generous for a busy
  // shared machine (a real failure still fails, only later); heavy suites set their own.
  test: { name: 'server', environment: 'node', include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 120_000 },
});
