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
const idParam = (value: unknown) =>
  (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' ? String(value) : undefined;

/** validateSearch for /travel-journal: anything unknown or malformed is dropped, never an error page. */
export function parseJournalSearch(search: Record<string, unknown>): JournalSearch {
  const view = search['view'] === 'map' || search['view'] === 'list' ? search['view'] : undefined;
  const travel = idParam(search['travel']);
  const trip = travel ? undefined : idParam(search['trip']);
  return { ...(view && { view }), ...(travel && { travel }), ...(trip && { trip }) };
}
