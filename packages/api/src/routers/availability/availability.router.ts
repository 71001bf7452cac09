import { router } from '../../trpc';
import { availabilitySchema, createAvailabilityInput } from './availability.schemas';
import { createAvailability, deleteAvailability, listAvailability } from './availability.service';
import { deleteById, listMine, rest, write } from '../../lib/procedures';

export const availabilityRouter = router({
  list: listMine(availabilitySchema, listAvailability).at(
    rest('GET /availability', 'planner', 'My travel availability, earliest first'),
  ),

  create: write(createAvailabilityInput, availabilitySchema, createAvailability).at(
    rest.recorded('POST /availability', 'planner', 'Share a window in which I can travel'),
  ),

  delete: deleteById(deleteAvailability).at(
    rest('DELETE /availability/{id}', 'planner', 'Delete one of my availability windows'),
  ),
});
