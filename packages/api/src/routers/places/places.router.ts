import { authedProcedure, router } from '../../trpc';
import { placeLookupInput, placeLookupSchema } from './places.schemas';
import { lookupPlace } from './places.service';

export const placesRouter = router({
  lookup: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/places/lookup',
        tags: ['trips'],
        summary: 'Where a typed location is (pin, country, time zone), from the bundled city table',
      },
    })
    .input(placeLookupInput)
    .output(placeLookupSchema)
    .query(({ input }) => lookupPlace(input.query)),
});
