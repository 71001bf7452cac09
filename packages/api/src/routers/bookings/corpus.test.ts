import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectBookings } from './bookings.service';

// The corpus of real-world samples (see corpus/SOURCES.md): every sample beside its
// expected bookings, compared field by field.
const corpus = join(import.meta.dirname, 'corpus');
const samples = readdirSync(corpus)
  // apps/: other apps' exports (trips, saved places), read by their own importers' tests.
  .filter((dir) => dir !== 'apps' && statSync(join(corpus, dir)).isDirectory())
  .flatMap((dir) =>
    readdirSync(join(corpus, dir))
      .filter((name) => !/\.(expected\.json|ts|md)$/.test(name) && !statSync(join(corpus, dir, name)).isDirectory())
      .map((name) => ({
        dir,
        name,
        path: join(corpus, dir, name),
        expected: join(corpus, dir, `${name.replace(/\.[^.]+$/, '')}.expected.json`),
      })),
  );

const compared = ['type', 'start', 'end', 'startLocation', 'endLocation', 'number', 'confirmationNumber'] as const;

function differences(found: Record<string, unknown>[], expected: Record<string, unknown>[]): string[] {
  const problems: string[] = [];
  if (found.length !== expected.length) problems.push(`${found.length} bookings found, ${expected.length} expected`);
  expected.forEach((want, i) => {
    const got = found[i] ?? {};
    for (const field of new Set([...compared, ...Object.keys(want)])) {
      let value = got[field];
      // Places are compared by name and code; coordinates are filled in from tables.
      if ((field === 'startLocation' || field === 'endLocation') && value) {
        const place = value as { name: unknown; code: unknown };
        value = { name: place.name, code: place.code };
      }
      if (JSON.stringify(value ?? null) !== JSON.stringify(want[field] ?? null)) {
        problems.push(
          `booking ${i + 1} ${field}: got ${JSON.stringify(value)}, expected ${JSON.stringify(want[field])}`,
        );
      }
    }
  });
  return problems;
}

describe('the booking corpus', () => {
  it('lists every sample in SOURCES.md', () => {
    const sources = readFileSync(join(corpus, 'SOURCES.md'), 'utf8');
    const unlisted = samples.filter(
      (s) => !sources.includes(s.name.replace(/\.pkpass$/, '.pass')) && !sources.includes(s.name),
    );
    expect(unlisted.map((s) => s.name)).toEqual([]);
    expect(samples.length).toBeGreaterThanOrEqual(30);
  });

  it('reads every sample as its expected bookings say, field by field', async () => {
    const failures: string[] = [];
    let passed = 0;
    const byKind = new Map<string, { passed: number; of: number }>();
    for (const sample of samples) {
      const kind = byKind.get(sample.dir) ?? { passed: 0, of: 0 };
      byKind.set(sample.dir, kind);
      kind.of++;
      const expected = JSON.parse(readFileSync(sample.expected, 'utf8')) as Record<string, unknown>[];
      const { bookings } = await collectBookings([{ name: sample.name, bytes: readFileSync(sample.path) }]);
      const problems = differences(bookings as unknown as Record<string, unknown>[], expected);
      if (problems.length === 0) {
        passed++;
        kind.passed++;
      } else failures.push(`${sample.dir}/${sample.name}: ${problems.join('; ')}`);
    }
    const perKind = [...byKind].map(([dir, kind]) => `${dir} ${kind.passed}/${kind.of}`).join(', ');
    console.log(`Booking corpus: ${passed} of ${samples.length} samples pass (${perKind})`);
    expect(failures).toEqual([]);
    // Thirty-odd files and the airport list on a shared machine: a correctness test, not a timing one.
  }, 60_000);
});
