import { type SearchParam, searchSchema, tabParam } from '~/lib/search-params';

/** Travels per page as the list scrolls: a few screenfuls. (Here, not beside the screen, so the route's loader does not load the screen.) */
export const journalPageSize = 30;

/** What the journal keeps in its address: the view and the chosen travel. */
export type JournalView = 'map' | 'list';

export interface JournalSearch {
  view?: JournalView;
  /** A journal entry's id: /travel-journal?travel=travel-rome */
  travel?: string;
  /** A trip's id, as My Trips links an ended trip: /travel-journal?trip=trip-santorini */
  trip?: string;
}

// The router parses numbers and JSON out of the query string, so an id like "123" may arrive as a number.
const journalId: SearchParam<string> = (raw) =>
  typeof raw === 'number' ? String(raw) : typeof raw === 'string' && raw.trim() !== '' ? raw : undefined;

/** validateSearch for /travel-journal: anything unknown or malformed is dropped, never an error page. A travel wins over a trip. */
const journalParams = searchSchema({ view: tabParam(['map', 'list']), travel: journalId, trip: journalId });
export const journalSearch = {
  parse(input: JournalSearch): JournalSearch {
    const { view, travel, trip } = journalParams.parse(input);
    return { ...(view && { view }), ...(travel && { travel }), ...(!travel && trip && { trip }) };
  },
};
