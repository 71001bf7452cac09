import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    // The files of a worker share one module registry: the app and its libraries load once, not
    // once per file (a third of the CPU the files took). Each file builds its own app, database and
    // render tree, so nothing a test sees carries over.
    isolate: false,
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Every REST suite starts a server (migrations, demo) in its beforeAll: generous for a busy
    // shared machine (a real failure still fails, only later); heavy suites set their own. Against
    // real app processes (pair mode, two-servers.test.ts) every request crosses the network.
    testTimeout: process.env['NAAV_TEST_SERVERS'] ? 60_000 : 30_000,
    hookTimeout: 120_000,
    // The REST contract files' answers are checked against /api/openapi.json after each file.
    setupFiles: ['./test/openapi-conformance.setup.ts'],
    // The tests that start the server as a process share one bundle of it, built before any file runs.
    globalSetup: ['./test/server-bundle.global-setup.ts'],
  },
});
