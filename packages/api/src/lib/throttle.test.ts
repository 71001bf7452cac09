import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrateDatabase } from '@naav/db';
import { throttleCounters } from '@naav/db/schema';
import { createTestDatabase } from '@naav/db/testing';
import { describe, expect, it } from 'vitest';
import { createContext } from '../context';
import { appRouter } from '../root';
import { errorOf } from '../test-support/expect-error';
import { actors, createSeededDatabase } from '../testing';
import { createCallerFactory } from '../trpc';
import { leaseSize } from './quota-lease';
import { createThrottle, retryAfterHeaders, throttleBudgets, TooManyRequestsError, type Throttle } from './throttle';

const minute = 60_000;

/** Takes attempts until the budget is spent; answers how many passed and the error that stopped them. */
async function spend(throttle: Throttle, keys: { address: string; account?: string }, max = 100) {
  for (let passed = 0; passed < max; passed++) {
    try {
      await throttle.take('signIn', keys);
    } catch (error) {
      return { passed, error: error as TooManyRequestsError };
    }
  }
  return { passed: max, error: null };
}

describe('createThrottle', () => {
  it('allows 5 wrong sign-ins per account in 15 minutes, then answers how long to wait', async () => {
    let now = Date.parse('2026-03-10T09:00:00Z');
    const throttle = createThrottle(await createTestDatabase(), { clock: () => now });
    const first = await spend(throttle, { address: '203.0.113.1', account: 'ana@example.org' });
    expect(first.passed).toBe(throttleBudgets.signIn.account.limit);
    expect(first.error).toBeInstanceOf(TooManyRequestsError);
    expect(first.error?.retryAfterSeconds).toBe(15 * 60);
    expect(first.error?.message).toBe('Too many sign-in attempts: try again in 15 minutes');

    // The same account from another address is still spent…
    now += 10 * minute;
    const elsewhere = await spend(throttle, { address: '198.51.100.9', account: 'ana@example.org' });
    expect(elsewhere.passed).toBe(0);
    expect(elsewhere.error?.retryAfterSeconds).toBe(5 * 60);
    expect(elsewhere.error?.message).toBe('Too many sign-in attempts: try again in 5 minutes');

    // …until the window has passed.
    now += 5 * minute;
    expect((await spend(throttle, { address: '198.51.100.9', account: 'ana@example.org' })).passed).toBe(5);
  });

  it("keeps one account's wrong guesses from another account on another address", async () => {
    const throttle = createThrottle(await createTestDatabase());
    expect((await spend(throttle, { address: '203.0.113.1', account: 'ana@example.org' })).passed).toBe(5);
    expect((await spend(throttle, { address: '198.51.100.9', account: 'ben@example.org' })).passed).toBe(5);
  });

  it('allows 20 wrong sign-ins per address whatever accounts they name', async () => {
    const throttle = createThrottle(await createTestDatabase());
    let passed = 0;
    for (let i = 0; i < 30; i++) {
      try {
        await throttle.take('signIn', { address: '203.0.113.1', account: `user${i}@example.org` });
        passed++;
      } catch (error) {
        expect(error).toBeInstanceOf(TooManyRequestsError);
      }
    }
    expect(passed).toBe(throttleBudgets.signIn.address.limit);
  });

  it('uncounts an attempt given back (a right password), without resetting the others', async () => {
    const throttle = createThrottle(await createTestDatabase());
    const keys = { address: '203.0.113.1', account: 'ana@example.org' };
    for (let i = 0; i < 4; i++) await throttle.take('signIn', keys);
    for (let i = 0; i < 10; i++) await (await throttle.take('signIn', keys)).giveBack();
    // Four wrong guesses still count: one more passes, the next does not.
    expect((await spend(throttle, keys)).passed).toBe(1);
  });

  it('is one budget for every server on the database, also when attempts race', async () => {
    const db = await createTestDatabase();
    const [a, b] = [createThrottle(db), createThrottle(db)];
    const keys = { address: '203.0.113.1', account: 'ana@example.org' };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).take('signIn', keys)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
  });

  it('lets right passwords sent at once all through: a refusal waits for the attempts being checked beside it', async () => {
    const throttle = createThrottle(await createTestDatabase());
    const keys = { address: '203.0.113.1', account: 'ana@example.org' };
    // Twelve sign-ins arrive together; none is checked until five hold the whole budget.
    let release!: () => void;
    const fiveTaken = new Promise<void>((resolve) => {
      release = resolve;
    });
    let taken = 0;
    const signIn = async () => {
      const attempt = await throttle.take('signIn', keys, { settles: true });
      if (++taken === 5) release();
      await fiveTaken;
      await attempt.giveBack();
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, signIn));
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    // Nothing is left counted: five wrong guesses still pass, the sixth does not.
    expect((await spend(throttle, keys)).passed).toBe(5);
  });

  it('does not count a refused attempt: wrong guesses kept and refusals after them leave the budget as the kept ones made it', async () => {
    let now = Date.parse('2026-03-10T09:00:00Z');
    const throttle = createThrottle(await createTestDatabase(), { clock: () => now });
    const keys = { address: '203.0.113.1', account: 'ana@example.org' };
    const held = await Promise.all(Array.from({ length: 5 }, () => throttle.take('signIn', keys, { settles: true })));
    // Refused while five are checked on another server (nothing settles here): no wait, 429.
    await expect(throttle.take('signIn', keys)).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(throttle.take('signIn', keys)).rejects.toBeInstanceOf(TooManyRequestsError);
    // Two were right after all: exactly two more may be tried.
    await held[0]!.giveBack();
    await held[1]!.giveBack();
    for (const attempt of held.slice(2)) attempt.keep();
    now += minute;
    expect((await spend(throttle, keys)).passed).toBe(2);
  });

  it('gives the Retry-After header of the longest wait among the errors', () => {
    const errors = [
      { cause: new TooManyRequestsError('x', 30) },
      { cause: new Error('other') },
      { cause: new TooManyRequestsError('y', 90) },
    ];
    expect(retryAfterHeaders(errors)).toEqual({ 'retry-after': '90' });
    expect(retryAfterHeaders([{ cause: new Error('other') }])).toEqual({});
  });
});

describe('meter (the quota of an API token)', () => {
  const quota = { limit: 600, windowMs: minute };

  it('answers exactly what is left with one server, also for requests sent at once, with a write per block of requests', async () => {
    let now = Date.parse('2026-03-10T09:00:00Z');
    const db = await createTestDatabase();
    const throttle = createThrottle(db, { clock: () => now });
    const first = await throttle.meter('token:t1', quota);
    expect(first).toEqual({ limit: 600, windowSeconds: 60, remaining: 599, resetSeconds: 60 });
    now += 1000;
    const next = await Promise.all(Array.from({ length: 99 }, () => throttle.meter('token:t1', quota)));
    expect(next.map((s) => s!.remaining)).toEqual(Array.from({ length: 99 }, (_, i) => 598 - i));
    expect(next.every((s) => s!.resetSeconds === 59)).toBe(true);
    // Three claims of 37, 35 and 33 requests (a sixteenth of what was left), not 100 writes.
    const [row] = await db.select().from(throttleCounters);
    expect(row!.count).toBe(37 + 35 + 33);
    expect([leaseSize(600), leaseSize(563), leaseSize(528), leaseSize(31), leaseSize(0)]).toEqual([37, 35, 33, 1, 1]);
  });

  it('refuses every request beyond the limit until the window ends, then counts afresh', async () => {
    let now = Date.parse('2026-03-10T09:00:00Z');
    const throttle = createThrottle(await createTestDatabase(), { clock: () => now });
    const small = { limit: 40, windowMs: minute };
    const states = [];
    for (let i = 0; i < 45; i++) states.push((await throttle.meter('token:t1', small))!);
    expect(states.map((s) => s.remaining)).toEqual([
      ...Array.from({ length: 40 }, (_, i) => 39 - i),
      -1,
      -1,
      -1,
      -1,
      -1,
    ]);
    now += minute;
    expect(await throttle.meter('token:t1', small)).toMatchObject({ remaining: 39, resetSeconds: 60 });
  });

  it('does not carry a block left unused when the window ends into the next one', async () => {
    let now = Date.parse('2026-03-10T09:00:00Z');
    const db = await createTestDatabase();
    const [a, b] = [createThrottle(db, { clock: () => now }), createThrottle(db, { clock: () => now })];
    expect((await a.meter('token:t1', quota))!.remaining).toBe(599); // A holds 36 more
    now += minute;
    // B opens the next window with a claim of 37; A's 36 from the last one are gone.
    expect((await b.meter('token:t1', quota))!.remaining).toBe(599);
    const onA = (await a.meter('token:t1', quota))!;
    expect(onA.remaining).toBe(600 - 74 + 36);
    expect((await db.select().from(throttleCounters))[0]!.count).toBe(74);
  });

  it('never lets two servers on one database file together pass the limit, and loses none of it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'naav-quota-'));
    const url = `file:${join(folder, 'shared.db')}`;
    const first = createDatabase({ url });
    await migrateDatabase(first);
    const second = createDatabase({ url });
    try {
      const [a, b] = [createThrottle(first), createThrottle(second)];
      const limited = { limit: 150, windowMs: minute };
      const states = await Promise.all(
        Array.from({ length: 600 }, (_, i) => (i % 2 ? a : b).meter('token:t1', limited)),
      );
      const served = states.filter((s) => s!.remaining >= 0);
      expect(served).toHaveLength(150);
      // Every answer still says what the quota is; refused ones say nothing is left.
      expect(states.every((s) => s!.limit === 150 && s!.windowSeconds === 60)).toBe(true);
    } finally {
      first.$client.close();
      second.$client.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('adding a family member by e-mail', () => {
  it('is budgeted per user: the 31st in 15 minutes is TOO_MANY_REQUESTS, members without e-mail are not counted', async () => {
    const db = await createSeededDatabase();
    const throttle = createThrottle(db);
    const caller = createCallerFactory(appRouter)(
      createContext({ db, resolveActor: async () => actors.traveller, throttle, clientAddress: () => '203.0.113.1' }),
    );
    const group = await caller.family.createGroup({ name: 'Friends', type: 'friends' });
    for (let i = 0; i < throttleBudgets.memberLookup.account.limit; i++) {
      await caller.family.addMember({ id: group.id, name: `Friend ${i}`, email: `friend${i}@example.org` });
    }
    const error = await errorOf(
      caller.family.addMember({ id: group.id, name: 'One too many', email: 'more@example.org' }),
    );
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toBe('Too many members added by e-mail: try again in 15 minutes');
    // Without an e-mail nothing is looked up.
    await caller.family.addMember({ id: group.id, name: 'No e-mail' });
    const names = (await caller.family.groups()).find((g) => g.id === group.id)!.members.map((m) => m.name);
    expect(names).not.toContain('One too many');
    expect(names).toContain('No e-mail');
  });
});
