export { appRouter, publicProcedurePaths, type AppRouter } from './root';
export { createContext, type Actor, type AgentTwoFactorPolicy, type Context, type ContextOptions } from './context';
export { createCallerFactory } from './trpc';
export { createOpenApiDocument } from './openapi';
export { initialsOf } from './routers/me/me.service';
export { DomainError, ValidationError } from './errors';
export { createDatabasePhotoStore, createFileSystemPhotoStore, noPhotoStore, type PhotoStore } from './routers/photos/photo-store';
export { maxLegacyThumbnailBytes, maxPhotoBytes, maxPhotosPerUpload, type Photo } from './routers/photos/photos.schemas';
export { processPhoto } from './routers/photos/photo-processing';
export { importPhotoFolder, type PhotoFolderImport } from './routers/photos/photo-folder-import';
export { getPhotoFile, getPhotoThumbnail, savePhotos } from './routers/photos/photos.service';
export { expenseCursor, expensesCsv, openExpenseStream } from './routers/expenses/expenses.service';
export { openJournalStream } from './routers/travels/travels.service';
export { travelSchema } from './routers/travels/travels.schemas';
export { expenseSchema, listExpensesInput } from './routers/expenses/expenses.schemas';
export { isPlainObject, nulCharacterMessage, nulCharacterPath } from './lib/input-guard';
export { isStorageFull, storageFullMessage } from './lib/storage-full';
export { lastRatesImport, parseRateFeed, readRateTable, storeRateTable, type RateTable } from './routers/expenses/rates';
export {
  createThrottle,
  noThrottle,
  retryAfterHeaders,
  throttleBudgets,
  TooManyRequestsError,
  type Throttle,
  type ThrottleBudget,
} from './lib/throttle';
export { maxBookingFileBytes, maxBookingFiles } from './routers/bookings/bookings.schemas';
export { previewBookings } from './routers/bookings/bookings.service';
export { bookingParserBudgets, reservePreview } from './lib/bookings/parse-pool';
export { feedInsert, feedInserts, topic, type ChangeKind } from './lib/live/feed';
export { FeedFollower, feedFollowerFor, streamRetryAfterSeconds, type FeedEvent, type FeedFollowerOptions, type OpenStream } from './lib/live/follower';
export { assertTopicsReadable, liveChanges, openLiveStream } from './routers/live/live.service';
export { liveChangesInput, maxTopics, type LiveEvent } from './routers/live/live.schemas';
