import { demoPassword } from '@naav/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFrom as get, postTo as post, signInTo as signIn } from './app-process-calls';
import { startAppProcesses, type AppProcess, type AppProcesses } from './app-processes';
import { json, restError } from './http';

// Two production servers on one database file, each with its own data folder, and a client
// that goes back and forth between them, as a load balancer would send it.
let pair: AppProcesses;
let a: AppProcess;
let b: AppProcess;

beforeAll(async () => {
  // Throttling is left as production has it: on.
  pair = await startAppProcesses({ count: 2 });
  [a, b] = pair.servers as [AppProcess, AppProcess];
}, 180_000);
afterAll(async () => {
  await pair?.stop();
});

describe('two app servers on one database', { timeout: 120_000 }, () => {
  it('serve a session signed in on A on B, and refuse it on B as soon as it signs out on A', async () => {
    const cookie = await signIn(a, 'traveller@naav.example');
    expect(await json(await get(b, '/api/me', cookie))).toMatchObject({ email: 'traveller@naav.example' });
    expect((await get(b, '/trpc/me.get', cookie)).status).toBe(200);
    expect((await post(a, '/api/auth/sign-out', {}, cookie)).status).toBe(200);
    await restError(await get(b, '/api/me', cookie), 401, 'UNAUTHORIZED');
    expect((await get(b, '/trpc/me.get', cookie)).status).toBe(401);
  });

  it('share one sign-in budget: wrong guesses on A are throttled on B', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await post(a, '/api/auth/sign-in/email', { email: 'traveller2@naav.example', password: 'wrong-password' }))
          .status,
      ).toBe(401);
    const res = await post(b, '/api/auth/sign-in/email', { email: 'traveller2@naav.example', password: demoPassword });
    await restError(res, 429, 'TOO_MANY_REQUESTS');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (await post(a, '/api/auth/sign-in/email', { email: 'traveller2@naav.example', password: demoPassword })).status,
    ).toBe(429);
  });

  it('refuse on A a session revoked from the Sessions list on B', async () => {
    const onA = await signIn(a, 'agent@naav.example');
    const onB = await signIn(b, 'agent@naav.example');
    const sessions = await json<{ id: string; current: boolean }[]>(await get(b, '/api/sessions', onB));
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect((await get(a, '/api/me', onA)).status).toBe(200);
    const res = await fetch(`${b.baseUrl}/api/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { origin: b.baseUrl, cookie: onB },
    });
    expect(await json(res)).toEqual({ id: other.id, revoked: true });
    await restError(await get(a, '/api/me', onA), 401, 'UNAUTHORIZED');
    expect((await get(a, '/api/me', onB)).status).toBe(200);
  });
});
