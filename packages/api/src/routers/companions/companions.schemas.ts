// The companion requests live in @naav/schemas, where the companion forms check their values with them too.
export {
  createCompanionInput,
  type CreateCompanionInput,
  updateCompanionInput,
  type UpdateCompanionInput,
} from '@naav/schemas/companions';
