import { describe, expect, it } from 'vitest';
import { updateCompanionInput } from './companions';
import { createTripInput } from './trips';

const tokyo = {
  title: 'Tokyo in spring',
  destination: 'Tokyo, Japan',
  location: 'Tokyo, Japan',
  startDate: '2027-04-01',
  endDate: '2027-04-05',
};
const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('createTripInput', () => {
  it('takes a budget in minor units, or none', () => {
    expect(createTripInput.parse({ ...tokyo, baseCurrency: 'JPY', budgetTotal: 50_000_000 })).toMatchObject({
      baseCurrency: 'JPY',
      budgetTotal: 50_000_000,
    });
    expect(createTripInput.parse({ ...tokyo, budgetTotal: null }).budgetTotal).toBeNull();
    expect(createTripInput.parse(tokyo).budgetTotal).toBeUndefined();
  });

  it('refuses a negative, fractional or absurd budget, naming budgetTotal', () => {
    for (const budgetTotal of [-1, 12.5, 10 ** 13]) {
      expect(fieldsOf(createTripInput.safeParse({ ...tokyo, budgetTotal }))).toEqual(['budgetTotal']);
    }
  });
});

describe('updateCompanionInput', () => {
  it('changes only the fields sent, and refuses a blank name', () => {
    expect(updateCompanionInput.parse({ id: 'c-1', relationship: ' Sister ' })).toEqual({
      id: 'c-1',
      relationship: 'Sister',
    });
    expect(fieldsOf(updateCompanionInput.safeParse({ id: 'c-1', name: '  ' }))).toEqual(['name']);
  });
});
