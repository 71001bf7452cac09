import { defineProject } from 'vitest/config';

export default defineProject({
  // Generous for a busy shared machine (a real failure still fails, only later); heavy suites set their own.
  test: { name: 'db', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 120_000 },
});
