import { authedProcedure, router } from '../../trpc';
import { placeLookupInput, placeLookupSchema } from './places.schemas';
import { lookupPlace } from './places.service';
import { rest } from '../../lib/procedures';

export const placesRouter = router({
  lookup: authedProcedure
    .meta(
      rest(
        'GET /places/lookup',
        'trips',
        'Where a typed location is (pin, country, time zone), from the bundled city table',
      ),
    )
    .input(placeLookupInput)
    .output(placeLookupSchema)
    .query(({ input }) => lookupPlace(input.query)),
});
