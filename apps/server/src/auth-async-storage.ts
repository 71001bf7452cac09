import type { AsyncLocalStorage } from 'node:async_hooks';

/** Where better-auth keeps its AsyncLocalStorage instances, one per process (@better-auth/core, context/global). */
const betterAuthGlobal = Symbol.for('better-auth:global');
const storeNames = ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage'] as const;

type Stores = Partial<Record<(typeof storeNames)[number], AsyncLocalStorage<unknown>>>;

interface AuthLike {
  handler: (req: Request) => Promise<Response>;
  api: object;
}

/**
 * better-auth runs each of its calls (sign-in, sign-out, a code check…) inside AsyncLocalStorage.
 * On Node 20 a storage that has run once keeps async hooks on for every promise of the process
 * from then on: every API request paid for them (2–3 % of its CPU) after the first sign-in. This
 * counts better-auth's calls in flight and, when the last one ends, turns its storages off
 * (`disable()`); the next call's `run()` turns them on again. better-auth awaits all its work
 * inside the call (no background tasks are configured), so nothing of it reads a storage later.
 */
export function quietAsyncStorage<T extends AuthLike>(auth: T): T {
  let running = 0;
  const track = async <R>(call: () => Promise<R>): Promise<R> => {
    running++;
    try {
      return await call();
    } finally {
      running--;
      if (running === 0) disableStores();
    }
  };
  const api = new Proxy(auth.api, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => track(() => Promise.resolve(value.apply(target, args)));
    },
  });
  return { ...auth, handler: (req: Request) => track(() => auth.handler(req)), api };
}

function disableStores() {
  const context = (globalThis as { [betterAuthGlobal]?: { context?: Stores } })[betterAuthGlobal]?.context;
  for (const name of storeNames) context?.[name]?.disable();
}
