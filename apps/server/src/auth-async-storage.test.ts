import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { quietAsyncStorage } from './auth-async-storage';

type Context = Record<string, unknown>;
const global = globalThis as { [key: symbol]: { context: Context } | undefined };
const key = Symbol.for('better-auth:global');

let storage: AsyncLocalStorage<string>;
let saved: Context;
beforeEach(() => {
  global[key] ??= { context: {} };
  const context = global[key].context;
  saved = { ...context };
  storage = new AsyncLocalStorage<string>();
  context.requestStateAsyncStorage = storage;
});
afterEach(() => {
  const context = global[key]!.context;
  for (const name of Object.keys(context)) delete context[name];
  Object.assign(context, saved);
});

/** An auth whose calls run in better-auth's storage, each until `release` is called, and check they still see their store. */
function fakeAuth() {
  const releases: (() => void)[] = [];
  const seen: (string | undefined)[] = [];
  const call = (store: string) =>
    storage.run(store, async () => {
      await new Promise<void>((resolve) => releases.push(resolve));
      await Promise.resolve();
      seen.push(storage.getStore());
      return new Response(store);
    });
  const auth = {
    handler: (req: Request) => call(new URL(req.url).pathname),
    api: { signInEmail: (opts: { body: { email: string } }) => call(opts.body.email), version: '1' },
  };
  return { auth: quietAsyncStorage(auth), releases, seen };
}

describe("better-auth's AsyncLocalStorage between its calls", () => {
  it('is turned off once the last call in flight has ended, never while one runs', async () => {
    const disable = vi.spyOn(storage, 'disable');
    const { auth, releases, seen } = fakeAuth();
    const first = auth.handler(new Request('http://localhost/sign-in'));
    const second = auth.api.signInEmail({ body: { email: 'a@example.com' } });
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[0]!();
    expect(await (await first).text()).toBe('/sign-in');
    expect(disable).not.toHaveBeenCalled();
    releases[1]!();
    expect(await (await second).text()).toBe('a@example.com');
    expect(seen).toEqual(['/sign-in', 'a@example.com']);
    expect(disable).toHaveBeenCalledTimes(1);
  });

  it('runs again, with its store, after being turned off', async () => {
    const { auth, releases, seen } = fakeAuth();
    for (const path of ['/one', '/two']) {
      const answer = auth.handler(new Request(`http://localhost${path}`));
      await vi.waitFor(() => expect(releases).toHaveLength(path === '/one' ? 1 : 2));
      releases.at(-1)!();
      await answer;
    }
    expect(seen).toEqual(['/one', '/two']);
    expect(auth.api.version).toBe('1');
  });
});
