import { z } from '@naav/schemas/zod';
import { optionalParam } from '~/lib/search-params';

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
const journalId = optionalParam(z.union([z.string().refine((value) => value.trim() !== ''), z.number().transform(String)]));

/** validateSearch for /travel-journal: anything unknown or malformed is dropped, never an error page. A travel wins over a trip. */
export const journalSearch = z
  .object({ view: optionalParam(z.enum(['map', 'list'])), travel: journalId, trip: journalId })
  .transform(({ view, travel, trip }): JournalSearch => ({ ...(view && { view }), ...(travel && { travel }), ...(!travel && trip && { trip }) }));
