import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { wireJson } from './wire-json';

const shared = { id: 'x' };
const values: [string, unknown][] = [
  ['a day plan', { trip: { id: 't', budgetTotal: 1200, imageUrl: null, access: 'owner' }, events: [{ id: 'e' }] }],
  ['nested arrays and empty shapes', [[], {}, [1, [2, [3]]], { a: { b: { c: '' } } }]],
  ['bare values', 'text'],
  ['null', null],
  ['booleans and numbers', [true, false, 0, -1.5, 2 ** 53]],
  ['an object without a prototype', Object.assign(Object.create(null) as object, { a: 1 })],
  ['a Date', { at: new Date('2026-11-28T05:00:00Z') }],
  ['undefined', { a: undefined, b: 1 }],
  ['undefined alone', undefined],
  ['-0, NaN and Infinity', [-0, Number.NaN, Number.POSITIVE_INFINITY]],
  ['a bigint', { n: 10n }],
  ['a Map and a Set', { m: new Map([['a', 1]]), s: new Set([1]) }],
  ['an object met twice', { a: shared, b: [shared] }],
  [
    'a class instance',
    {
      c: new (class Point {
        x = 1;
      })(),
    },
  ],
  ['an error', new Error('boom')],
];

describe('wireJson, the tRPC transformer', () => {
  it.each(values)('writes %s exactly as superjson does, and reads it back as superjson does', (_, value) => {
    const written = wireJson.serialize(value);
    expect(JSON.stringify(written)).toBe(JSON.stringify(superjson.serialize(value)));
    const read = JSON.parse(JSON.stringify(written)) as unknown;
    expect(wireJson.deserialize(read)).toEqual(superjson.deserialize(superjson.serialize(value)));
  });

  it('sends plain JSON as it is, without copying it', () => {
    const plan = { trip: { id: 't' }, events: [{ id: 'e' }] };
    expect(wireJson.serialize(plan)).toEqual({ json: plan });
    expect(wireJson.serialize(plan).json).toBe(plan);
  });
});
