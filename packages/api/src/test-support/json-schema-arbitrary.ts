import fc from 'fast-check';

/** The parts of JSON Schema (2020-12, as zod and zod-openapi emit it; OpenAPI 3.0's `nullable` too) read here. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  [key: string]: unknown;
}

/** Follows a local `$ref` ("#/components/schemas/X", "#/$defs/X") against the root document. */
export function resolveRef(schema: JsonSchema, root: unknown): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const target = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')],
        root,
      );
    if (!target) throw new Error(`unresolvable $ref ${current.$ref}`);
    current = target as JsonSchema;
  }
  return current;
}

export interface SampleOptions {
  /** Objects get their required properties only: the smallest input, least likely to trip a business rule. */
  requiredOnly?: boolean;
}

// Numbers stay well inside what every layer (JSON, SQLite integers, zod's safe ints) carries.
const NUMBER_LIMIT = 1e9;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? minLength + 20, minLength + 40));
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  const fits = (s: string) =>
    s.length >= minLength && s.length <= (schema.maxLength ?? Infinity) && (!pattern || pattern.test(s));
  let base: fc.Arbitrary<string>;
  switch (schema.format) {
    case 'date':
      base = fc
        .date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
      break;
    case 'date-time':
      base = fc
        .date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
      break;
    case 'time':
      base = fc
        .tuple(fc.nat(23), fc.nat(59), fc.nat(59))
        .map((parts) => parts.map((n) => String(n).padStart(2, '0')).join(':'));
      break;
    case 'email':
      base = fc
        .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom('example.com', 'naav.example'))
        .map(([u, d]) => `${u}@${d}`);
      break;
    case 'uuid':
      base = fc.uuid();
      break;
    case 'uri':
    case 'url':
      base = fc.webUrl();
      break;
    default:
      base = pattern
        ? fc.stringMatching(pattern)
        : fc.string({ minLength, maxLength, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -_') });
  }
  return base.filter(fits);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  let min = Math.max(schema.minimum ?? -NUMBER_LIMIT, exclusiveMin ?? -Infinity, -NUMBER_LIMIT);
  let max = Math.min(schema.maximum ?? NUMBER_LIMIT, exclusiveMax ?? Infinity, NUMBER_LIMIT);
  if (schema.exclusiveMinimum === true && schema.minimum !== undefined)
    min = schema.minimum + (integer ? 1 : Number.EPSILON);
  if (schema.exclusiveMaximum === true && schema.maximum !== undefined)
    max = schema.maximum - (integer ? 1 : Number.EPSILON);
  if (schema.multipleOf) {
    const step = schema.multipleOf;
    const lo = Math.ceil((exclusiveMin === min ? min + step : min) / step);
    const hi = Math.floor((exclusiveMax === max ? max - step : max) / step);
    if (lo > hi) return fc.constant(schema.minimum ?? schema.maximum ?? 0);
    return fc.integer({ min: lo, max: hi }).map((k) => k * step);
  }
  if (integer) {
    const lo = Math.ceil(exclusiveMin === min ? min + 1 : min);
    const hi = Math.floor(exclusiveMax === max ? max - 1 : max);
    if (lo > hi) return fc.constant(schema.minimum ?? schema.maximum ?? 0);
    return fc.integer({ min: lo, max: hi });
  }
  if (min > max) return fc.constant(schema.minimum ?? schema.maximum ?? 0);
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .filter(
      (n) => (exclusiveMin === undefined || n > exclusiveMin) && (exclusiveMax === undefined || n < exclusiveMax),
    );
}

/**
 * Values a schema accepts, as a fast-check arbitrary. Covers what the API's zod schemas
 * produce (objects, arrays, strings with formats, patterns and lengths, numbers with bounds,
 * enums, literals, unions, nullables). `root` resolves `$ref`s (the OpenAPI document).
 */
export function validArbitrary(
  schema: JsonSchema,
  root: unknown = schema,
  options: SampleOptions = {},
): fc.Arbitrary<unknown> {
  const s = resolveRef(schema, root);
  const valid = (sub: JsonSchema) => validArbitrary(sub, root, options);
  const withNull = (arb: fc.Arbitrary<unknown>) => (s.nullable ? fc.oneof(arb, fc.constant(null)) : arb);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return withNull(fc.constantFrom(...s.enum));
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return withNull(fc.oneof(...alternatives.map(valid)));
  if (s.allOf?.length) {
    const parts = s.allOf.map((part) => resolveRef(part, root));
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of parts) {
      Object.assign(merged.properties!, part.properties);
      merged.required!.push(...(part.required ?? []));
    }
    return withNull(valid(merged));
  }
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => valid({ ...s, type })));
  switch (s.type ?? (s.properties ? 'object' : undefined)) {
    case 'string':
      return withNull(stringArbitrary(s));
    case 'integer':
      return withNull(numberArbitrary(s, true));
    case 'number':
      return withNull(numberArbitrary(s, false));
    case 'boolean':
      return withNull(fc.boolean());
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? minLength + 3, minLength + 3));
      // Distinct items: valid whether or not the schema (or a refinement it cannot express) wants them unique.
      return withNull(
        fc.uniqueArray(s.items ? valid(s.items) : fc.jsonValue(), {
          minLength,
          maxLength,
          selector: (v) => JSON.stringify(v),
        }),
      );
    }
    case 'object': {
      const required = s.required ?? [];
      const properties = Object.fromEntries(
        Object.entries(s.properties ?? {})
          .filter(([key]) => !options.requiredOnly || required.includes(key))
          .map(([key, value]) => [key, valid(value)]),
      );
      return withNull(fc.record(properties, { requiredKeys: required.filter((k) => k in properties) }));
    }
    default:
      // No constraint at all (zod's unknown/any, or what JSON Schema cannot say).
      return fc.jsonValue();
  }
}

/** One valid value of the schema, the same for the same seed. */
export function validSample(
  schema: JsonSchema,
  root: unknown = schema,
  options: SampleOptions & { seed?: number } = {},
): unknown {
  return fc.sample(validArbitrary(schema, root, options), { numRuns: 1, seed: options.seed ?? 42 })[0];
}
