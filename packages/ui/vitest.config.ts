import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['./vitest.setup.ts'],
    // Generous for a busy shared machine: a real failure still fails, only later.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
