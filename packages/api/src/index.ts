export { appRouter, publicProcedurePaths, type AppRouter } from './root';
export { createContext, type Actor, type Context, type ContextOptions } from './context';
export { createCallerFactory } from './trpc';
export { createOpenApiDocument } from './openapi';
export { initialsOf } from './routers/me/me.service';
