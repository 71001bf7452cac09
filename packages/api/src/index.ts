// What the server mounts, and the one type the web app imports. Anything else the server needs
// (its file routes' caller, stores, limits, throttle, change feed) is in ./server.ts, imported as
// '@naav/api/server'; services stay inside the package.
export { appRouter, type AppRouter } from './root';
export {
  createContext,
  type AccountServices,
  type Actor,
  type AgentTwoFactorPolicy,
  type BackupInfo,
  type BackupServices,
  type Context,
} from './context';
export { createOpenApiDocument } from './openapi';
