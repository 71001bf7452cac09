import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tripSchema } from '../routers/trips/trips.schemas';
import { builtFromColumns } from './built-from-columns';

const row = { id: 'a', name: 'Lisbon' };

describe('builtFromColumns', () => {
  it('still checks every answer outside production, and refuses one the schema would change', async () => {
    const exact = builtFromColumns(z.object({ id: z.string(), name: z.string() }), false);
    await expect(exact.parseAsync(row)).resolves.toEqual(row);
    await expect(exact.parseAsync({ id: 'a', name: 3 })).rejects.toThrow();
    // Skipping these in production would send what the schema strips, fills in, reorders or transforms.
    for (const [schema, value] of [
      [z.object({ id: z.string() }), row],
      [z.object({ id: z.string(), name: z.string(), note: z.string().default('') }), row],
      [z.object({ name: z.string(), id: z.string() }), row],
      [z.object({ id: z.string(), name: z.string().transform((s) => s.toUpperCase()) }), row],
    ] as const) {
      await expect(builtFromColumns(schema, false).parseAsync(value)).rejects.toThrow(/cannot be skipped/);
    }
  });

  it('hands the answer on unchecked in production', async () => {
    const schema = builtFromColumns(z.object({ id: z.string() }), true);
    const answer = { id: 7 };
    await expect(schema.parseAsync(answer)).resolves.toBe(answer);
  });

  it('keeps the schema the OpenAPI document names, and its checks inside other schemas', () => {
    expect(z.globalRegistry.get(tripSchema)).toMatchObject({ id: 'Trip' });
    expect(() => z.array(tripSchema).parse([{ id: 'x' }])).toThrow();
  });
});
