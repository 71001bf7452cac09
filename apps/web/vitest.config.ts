import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // `~/…` is src/, as in vite.config.ts and tsconfig.json.
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    // The files of a worker share one module registry: the app and its libraries load once, not
    // once per file (a third of the CPU the files took). Each file builds its own app, database and
    // render tree, so nothing a test sees carries over.
    isolate: false,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'dev-server.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
    // Generous for a busy shared machine: a real failure still fails, only later.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
