import { describe, expect, it } from 'vitest';
import { z, ZodError } from 'zod';
import { parsedInLine } from './in-line-parse';

describe('parsedInLine', () => {
  it('parses as parseAsync did: the same values, the same stripped keys, the same errors', async () => {
    const row = () => z.object({ id: z.string().min(1), when: z.iso.date(), n: z.number().int().nullable() });
    const fast = parsedInLine(z.array(row()));
    const plain = z.array(row());
    const good = [{ id: 'a', when: '2026-11-28', n: null, extra: 'dropped' }];
    expect(await fast.parseAsync(good)).toEqual(await plain.parseAsync(good));
    expect(await fast.parseAsync(good)).toEqual([{ id: 'a', when: '2026-11-28', n: null }]);
    const bad = [{ id: '', when: '28/11/2026', n: 1.5 }];
    const [fastError, plainError] = await Promise.all([
      fast.parseAsync(bad).catch((e: unknown) => e),
      plain.parseAsync(bad).catch((e: unknown) => e),
    ]);
    expect(fastError).toBeInstanceOf(ZodError);
    expect((fastError as ZodError).issues).toEqual((plainError as ZodError).issues);
  });

  it('still parses a schema with an async check', async () => {
    const checked = parsedInLine(z.object({ id: z.string().refine(async (id) => id !== 'taken', 'Taken') }));
    expect(await checked.parseAsync({ id: 'free' })).toEqual({ id: 'free' });
    await expect(checked.parseAsync({ id: 'taken' })).rejects.toBeInstanceOf(ZodError);
  });

  it('answers the schema itself, so its name and REST documentation stay as they were', () => {
    const schema = z.object({ id: z.string() }).meta({ id: 'Probe' });
    expect(parsedInLine(schema)).toBe(schema);
    expect(z.globalRegistry.get(schema)).toEqual({ id: 'Probe' });
  });
});
