import { describe, expect, it } from 'vitest';
import { plannerSearch, resolvePlanner } from './planner-search';

const parsePlannerSearch = (search: Record<string, unknown>) => plannerSearch.parse(search as never);

describe('travel planner view and tab', () => {
  it('opens an agent in the agent view on Client Proposals', () => {
    expect(resolvePlanner({}, true)).toEqual({ view: 'agent', tab: 'proposals' });
  });

  it('keeps a client in the client view whatever the address says', () => {
    expect(resolvePlanner(parsePlannerSearch({ view: 'agent', tab: 'clients' }), false)).toEqual({
      view: 'client',
      tab: 'availability',
    });
    expect(resolvePlanner(parsePlannerSearch({ tab: 'proposals' }), false)).toEqual({
      view: 'client',
      tab: 'proposals',
    });
  });

  it("restores an agent's view and tab from the address, and falls back to the view's first tab", () => {
    expect(resolvePlanner(parsePlannerSearch({ view: 'agent', tab: 'calendar' }), true)).toEqual({
      view: 'agent',
      tab: 'calendar',
    });
    expect(resolvePlanner(parsePlannerSearch({ view: 'client', tab: 'calendar' }), true)).toEqual({
      view: 'client',
      tab: 'availability',
    });
  });

  it('drops what it does not know', () => {
    expect(parsePlannerSearch({ view: 'admin', tab: 'x', year: 'soon', client: '' })).toEqual({});
    expect(parsePlannerSearch({ year: 2027, client: 'user-traveller' })).toEqual({
      year: 2027,
      client: 'user-traveller',
    });
  });

  it('keeps the trip request a new proposal starts from', () => {
    expect(parsePlannerSearch({ tab: 'proposals', request: 'req-1' })).toEqual({ tab: 'proposals', request: 'req-1' });
    expect(parsePlannerSearch({ request: '' })).toEqual({});
  });

  it('keeps the proposal to open, as My Trips links it', () => {
    expect(parsePlannerSearch({ tab: 'proposals', proposal: 'p-1' })).toEqual({ tab: 'proposals', proposal: 'p-1' });
    expect(parsePlannerSearch({ proposal: 'x'.repeat(101) })).toEqual({});
  });
});
