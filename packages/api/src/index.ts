export { appRouter, publicProcedurePaths, type AppRouter } from './root';
export { createContext, type Actor, type Context, type ContextOptions } from './context';
export { createCallerFactory } from './trpc';
export { createOpenApiDocument } from './openapi';
export { initialsOf } from './routers/me/me.service';
export { DomainError, ValidationError } from './errors';
export { createFileSystemPhotoStore, noPhotoStore, type PhotoStore } from './routers/photos/photo-store';
export { maxPhotoBytes, maxPhotosPerUpload, maxThumbnailBytes, type Photo } from './routers/photos/photos.schemas';
export { getPhotoFile, getPhotoThumbnail, savePhotos } from './routers/photos/photos.service';
export { expensesCsv } from './routers/expenses/expenses.service';
export { listExpensesInput } from './routers/expenses/expenses.schemas';
export { currentRateTable, parseRateFeed, setRateTable, type RateTable } from './routers/expenses/rates';
export {
  createThrottle,
  noThrottle,
  retryAfterHeaders,
  throttleBudgets,
  TooManyRequestsError,
  type Throttle,
  type ThrottleBudget,
} from './lib/throttle';
