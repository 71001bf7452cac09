import { describe, expect, it } from 'vitest';
import { z } from '@naav/schemas/zod';
import { journalSearch } from '~/routes/travel-journal/-components/journal-search';
import { idParam, optionalParam, tabParam, textParam, yearParam } from './search-params';

const search = z.object({ tab: tabParam(['one', 'two']), year: yearParam, id: idParam, text: textParam, short: optionalParam(z.string().max(3)) });

describe('search params', () => {
  it('keeps what is valid and drops what it does not know', () => {
    expect(search.parse({ tab: 'two', year: 2027, id: 'trip-1', text: '/my-trips', other: 'x' })).toStrictEqual({ tab: 'two', year: 2027, id: 'trip-1', text: '/my-trips' });
  });

  it('drops a malformed param instead of failing, so the screen shows its default', () => {
    const parsed = search.parse({ tab: 'three', year: 'soon', id: '', text: 5, short: 'long' });
    expect(Object.values(parsed).every((value) => value === undefined)).toBe(true);
    expect(search.parse({ year: 1899 }).year).toBeUndefined();
    expect(search.parse({ year: 2200.5 }).year).toBeUndefined();
  });

  it('reads a year given as digits', () => {
    expect(search.parse({ year: '2030' }).year).toBe(2030);
  });

  it('takes a journal id given as a number, and a travel before a trip', () => {
    expect(journalSearch.parse({ travel: 123, trip: 'trip-1', view: 'map' })).toStrictEqual({ view: 'map', travel: '123' });
    expect(journalSearch.parse({ travel: '  ', trip: 'trip-1', view: 'globe' })).toStrictEqual({ trip: 'trip-1' });
  });
});
