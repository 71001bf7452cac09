import { router } from '../../trpc';
import {
  favouriteSchema,
  inspirationSchema,
  nextTripIdeasSchema,
  recommendationSchema,
  setFavouriteInput,
} from './inspirations.schemas';
import { listInspirations, listNextTripIdeas, recommendInspirations, setFavourite } from './inspirations.service';
import { listMine, readMine, rest, write, writeById } from '../../lib/procedures';

export const inspirationsRouter = router({
  list: listMine(inspirationSchema, listInspirations).at(
    rest('GET /inspirations', 'inspirations', 'Trip ideas, with my favourites marked'),
  ),

  nextTrip: readMine(nextTripIdeasSchema, listNextTripIdeas).at(
    rest(
      'GET /inspirations/next-trip',
      'inspirations',
      "Trip ideas leaning towards my next trip's destination and season, best fit first",
    ),
  ),

  recommended: listMine(recommendationSchema, (db, actor) => recommendInspirations(db, actor)).at(
    rest(
      'GET /inspirations/recommended',
      'inspirations',
      'Every idea ranked against my past travels, best first, with the reason',
    ),
  ),

  favourite: writeById(favouriteSchema, (db, actor, id, now) => setFavourite(db, actor, id, true, now)).at(
    rest.recorded('POST /inspirations/{id}/favourite', 'inspirations', 'Mark an idea as a favourite'),
  ),

  unfavourite: writeById(favouriteSchema, (db, actor, id, now) => setFavourite(db, actor, id, false, now)).at(
    rest.recorded('DELETE /inspirations/{id}/favourite', 'inspirations', 'Remove an idea from my favourites'),
  ),

  // The heart's state as the traveller left it, in one call: replayed from an offline queue, it never undoes itself as a toggle would.
  setFavourite: write(setFavouriteInput, favouriteSchema, (db, actor, input, now) =>
    setFavourite(db, actor, input.id, input.isFavourite, now),
  ).at(
    rest.recorded(
      'PUT /inspirations/{id}/favourite',
      'inspirations',
      'Mark (isFavourite: true) or unmark (false) an idea as a favourite',
    ),
  ),
});
