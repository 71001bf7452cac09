import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'dev-server.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // Generous for a busy shared machine: a real failure still fails, only later.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
