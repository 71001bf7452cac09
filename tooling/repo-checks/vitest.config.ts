import { defineProject } from 'vitest/config';

// Checks over the repository itself rather than one package: the documentation's links.
export default defineProject({
  test: { name: 'repo-checks', environment: 'node', include: ['*.test.ts'] },
});
