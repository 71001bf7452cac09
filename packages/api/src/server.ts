/**
 * '@naav/api/server': what apps/server needs beyond the router and its context. Nothing here
 * reads or writes a user's data without a procedure: the file routes go through
 * `createFileCaller` (routers/files), the calendars through `createAppCaller`, so the session,
 * the ownership checks and the authorisation sweep cover them as they cover every procedure.
 * The rest is plumbing: errors the REST answers map, the input guard the auth routes share,
 * stores, limits, the throttle, exchange rates and the change feed.
 */
import superjson from 'superjson';
import type { Context } from './context';
import { appRouter } from './root';
import { filesRouter } from './routers/files/files.router';
import { createCallerFactory } from './trpc';

const appCaller = createCallerFactory(appRouter);
const filesCaller = createCallerFactory(filesRouter);

/** appRouter's procedures called from a server route with that request's context. */
export const createAppCaller = (ctx: Context) => appCaller(ctx);
/** The file routes' procedures (routers/files/files.router.ts) with that request's context. */
export const createFileCaller = (ctx: Context) => filesCaller(ctx);
/** A value in the web app's wire format (superjson's, as tRPC answers it), for data a page carries. */
export const toWireFormat = (value: unknown) => superjson.serialize(value);
export { badBody, unsupportedBody } from './routers/files/files.router';

export { DomainError, ValidationError } from './errors';
export { isPlainObject, nulCharacterMessage, nulCharacterPath } from './lib/input-guard';
export { isStorageFull, storageFullMessage } from './lib/storage-full';
export { paceBudgets } from './lib/pace';
export {
  createThrottle,
  noThrottle,
  retryAfterHeaders,
  type Quota,
  type QuotaState,
  throttleBudgets,
  TooManyRequestsError,
  type Throttle,
  type ThrottleBudget,
} from './lib/throttle';
export { createDatabasePhotoStore, createFileSystemPhotoStore, type PhotoStore } from './routers/photos/photo-store';
export { importPhotoFolder } from './routers/photos/photo-folder-import';
export { maxLegacyThumbnailBytes, maxPhotoBytes, maxPhotosPerUpload } from './routers/photos/photos.schemas';
export { maxBookingFileBytes, maxBookingFiles } from './routers/bookings/bookings.schemas';
export { lastRatesImport, parseRateFeed, readRateTable, storeRateTable } from './routers/expenses/rates';
export { FeedFollower, feedFollowerFor } from './lib/live/follower';
export { assertTopicsReadable, liveChanges, openLiveStream } from './routers/live/live.service';
export { liveChangesInput, maxTopics } from './routers/live/live.schemas';
export { bookingParserBudgets } from './lib/bookings/parse-pool';
export {
  settingsOf,
  unsubscribeSecretOf,
  unsubscribeToken,
  type EffectiveSettings,
} from './routers/notification-settings/notification-settings.service';
export { writeDueReminders } from './lib/reminders';
export { mcpTools, toolErrorOf, type McpTool } from './mcp-tools';
export { actorForToken } from './routers/tokens/tokens.service';
export { grants, missingScopeMessage, topicScope } from './lib/token-scopes';
export { audit, pruneAudit, type AuditEvent } from './lib/audit';
export { ensureAdmin } from './routers/invitations/invitations.service';
export {
  maxInboundMailBytes,
  storeInboundMail,
  tokenOfAddress,
  tokensInHeaders,
  userOfInboundToken,
} from './routers/inbound/inbound.mail';
export { processInboundMails } from './routers/inbound/inbound.process';
