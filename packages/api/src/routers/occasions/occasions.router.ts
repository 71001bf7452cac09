import { router } from '../../trpc';
import { createOccasionInput, occasionSchema } from './occasions.schemas';
import { createOccasion, deleteOccasion, listOccasions } from './occasions.service';
import { deleteById, listMine, rest, write } from '../../lib/procedures';

export const occasionsRouter = router({
  list: listMine(occasionSchema, listOccasions).at(rest('GET /occasions', 'planner', 'My special occasions, by date')),

  create: write(createOccasionInput, occasionSchema, createOccasion).at(
    rest.recorded('POST /occasions', 'planner', 'Add a special occasion'),
  ),

  delete: deleteById(deleteOccasion).at(
    rest('DELETE /occasions/{id}', 'planner', 'Delete one of my special occasions'),
  ),
});
