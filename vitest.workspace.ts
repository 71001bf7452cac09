import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take minutes (the REST contract files replayed against two app processes,
 * the REST fuzz) start first, so the many short files fill the other workers beside them
 * instead of waiting behind them at the end. Listed by hand: a fresh clone has no timings
 * for Vitest's own longest-first order.
 */
const longFirst = ['apps/server/test/two-servers.test.ts', 'apps/server/test/rest-fuzz.test.ts'];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = longFirst.findIndex((path) => file.moduleId.endsWith(path));
      return at === -1 ? longFirst.length : at;
    };
    // Array#sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// The root Vitest config: every package's test project. `pnpm test:unit` runs them all.
export default defineConfig({
  test: {
    projects: [
      'packages/schemas',
      'packages/db',
      'packages/api',
      'packages/ui',
      'apps/server',
      'apps/web',
      'tooling/repo-checks',
    ],
    sequence: { sequencer: LongFilesFirst },
    // At least two workers. Vitest's default (one less than the cores) is a single worker on a
    // 2-core machine, where `pnpm test` runs the browser tests beside these: one process then
    // gets a small share of the CPU and finishes alone, minutes after the rest, on a half-idle machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
