import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // A contract file's beforeAll seeds a database and signs in with the real (scrypt) hash,
    // against real app processes in pair mode (two-servers.test.ts): seconds on a busy machine.
    hookTimeout: 60_000,
    // Against real app processes (pair mode) every request crosses the network to one of two
    // servers on a busy machine: a contract test of a dozen calls can take seconds.
    ...(process.env['NAAV_TEST_SERVERS'] ? { testTimeout: 60_000 } : {}),
  },
});
