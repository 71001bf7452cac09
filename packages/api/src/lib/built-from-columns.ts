import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

const runsInProduction = process.env.NODE_ENV === 'production';

/**
 * Marks an output schema whose answers a service builds from the database's own columns (and
 * what it computes from them, such as a trip's status): tRPC's check of every answer against it
 * (`.output()`) is skipped in production, where it cost a twentieth of a read's CPU. Everywhere
 * else (tests, development) each answer is still parsed, and must come out of the schema exactly
 * as it went in (same values, same key order): a schema that strips a key, fills a default or
 * transforms a value throws here, since skipping it in production would change the answer.
 *
 * Only the schema's own `parseAsync` (what tRPC's output check calls) changes, in place: the
 * instance stays the one the OpenAPI document names (`.meta({ id })`), and schemas that hold it
 * (a list of it) still check each element.
 */
export function builtFromColumns<S extends z.ZodType>(schema: S, production = runsInProduction): S {
  const parseAsync = schema.parseAsync.bind(schema);
  const unchecked = async (value: unknown) => value;
  const checked = async (value: unknown, params?: Parameters<S['parseAsync']>[1]) => {
    const parsed = await parseAsync(value, params);
    if (!isDeepStrictEqual(parsed, value) || JSON.stringify(parsed) !== JSON.stringify(value)) {
      throw new Error(
        'An answer changed through its output schema, which is marked builtFromColumns: its check cannot be skipped in production',
      );
    }
    return parsed;
  };
  Object.assign(schema, { parseAsync: production ? unchecked : checked });
  return schema;
}
