import { describe, expect, it } from 'vitest';
import { journalSearch } from '~/routes/travel-journal/-components/journal-search';
import { idParam, searchSchema, tabParam, textParam, yearParam } from './search-params';

const schema = searchSchema({
  tab: tabParam(['one', 'two']),
  year: yearParam,
  id: idParam,
  text: textParam,
});
// The address as the router hands it over: anything may be in it.
const search = { parse: (raw: Record<string, unknown>) => schema.parse(raw as never) };
const journal = { parse: (raw: Record<string, unknown>) => journalSearch.parse(raw as never) };

describe('search params', () => {
  it('keeps what is valid and drops what it does not know', () => {
    expect(search.parse({ tab: 'two', year: 2027, id: 'trip-1', text: '/my-trips', other: 'x' })).toStrictEqual({
      tab: 'two',
      year: 2027,
      id: 'trip-1',
      text: '/my-trips',
    });
  });

  it('drops a malformed param instead of failing, so the screen shows its default', () => {
    const parsed = search.parse({ tab: 'three', year: 'soon', id: '', text: 5 });
    expect(Object.values(parsed).every((value) => value === undefined)).toBe(true);
    expect(search.parse({ year: 1899 }).year).toBeUndefined();
    expect(search.parse({ year: 2200.5 }).year).toBeUndefined();
  });

  it('reads a year given as digits', () => {
    expect(search.parse({ year: '2030' }).year).toBe(2030);
  });

  it('takes a journal id given as a number, and a travel before a trip', () => {
    expect(journal.parse({ travel: 123, trip: 'trip-1', view: 'map' })).toStrictEqual({
      view: 'map',
      travel: '123',
    });
    expect(journal.parse({ travel: '  ', trip: 'trip-1', view: 'globe' })).toStrictEqual({ trip: 'trip-1' });
  });
});
