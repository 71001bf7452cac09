import { z } from 'zod';
import { id } from '../../lib/schemas';

// The inputs the web app's Add Event form checks too.
export { createEventInput, updateEventInput, type CreateEventInput, type UpdateEventInput } from '@naav/schemas/trips';

export const deletedSchema = z.object({ id, deleted: z.literal(true) });
