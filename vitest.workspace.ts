import { defineConfig } from 'vitest/config';

// The root Vitest config: every package's test project. `pnpm test:unit` runs them all.
export default defineConfig({
  test: {
    projects: ['packages/db', 'packages/api', 'packages/ui', 'apps/server', 'apps/web'],
  },
});
