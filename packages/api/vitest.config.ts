import { defineProject } from 'vitest/config';

export default defineProject({
  // isolate: false, as in apps/server: the files of a worker load the modules once; each builds its own database.
  // Generous for a busy shared machine (a real failure still fails, only later); heavy suites set their own.
  test: {
    name: 'api',
    isolate: false,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
