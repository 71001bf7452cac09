// The inputs the web app's Add Event form checks too.
export { createEventInput, updateEventInput, type CreateEventInput, type UpdateEventInput } from '@naav/schemas/trips';
