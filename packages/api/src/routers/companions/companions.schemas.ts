// The companion request lives in @naav/schemas, where the Add a Travel Companion form checks its values with it too.
export { createCompanionInput, type CreateCompanionInput } from '@naav/schemas/companions';
