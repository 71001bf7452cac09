export { createDatabase, migrateDatabase, migrationsFolder, tuneEmbedded } from './client';
export type { Database, DatabaseOptions } from './client';
export * as schema from './schema/index';
export { applyExpenseToTotals, clearTripTotals, recomputeTripTotals } from './expense-totals';
export { storeExpenseShareAmounts, storeTripShareAmounts } from './share-amounts';
export { acquireLease, releaseLease, withLease } from './leases';
export {
  allPrepared,
  createPreparedReader,
  selectValues,
  servePreparedReads,
  type PreparedReader,
} from './prepared-reader';
export { checkBackupFile, vacuumInto } from './backup';
