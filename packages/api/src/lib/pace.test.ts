import { describe, expect, it } from 'vitest';
import { createPacer } from './pace';
import { TooManyRequestsError } from './throttle';

/** A pacer on a clock the test moves; waits are recorded and pass the time they ask for. */
function paced() {
  let now = 0;
  const waits: number[] = [];
  const pace = createPacer(
    { what: 'renames', burst: 3, perSecond: 2, maxWaitMs: 1000 },
    () => now,
    async (ms) => {
      waits.push(ms);
    },
  );
  return { pace, waits, advance: (ms: number) => (now += ms) };
}

describe('createPacer', () => {
  it('lets the burst through at once, makes the next ones wait their turn, and refuses one beyond the longest wait with Retry-After', async () => {
    const { pace, waits } = paced();
    for (let i = 0; i < 3; i++) await pace('u1');
    expect(waits).toEqual([]);
    await pace('u1');
    await pace('u1');
    expect(waits).toEqual([500, 1000]);
    const refused = await pace('u1').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as TooManyRequestsError).message).toMatch(/^Too many renames/);
  });

  it('keeps a bucket per user and refills it with time', async () => {
    const { pace, waits, advance } = paced();
    for (let i = 0; i < 5; i++) await pace('u1');
    // Another user still has the whole burst.
    for (let i = 0; i < 3; i++) await pace('u2');
    expect(waits).toEqual([500, 1000]);
    // Two seconds later the first user's promised turns are paid back and one more is free.
    advance(2000);
    waits.length = 0;
    await pace('u1');
    expect(waits).toEqual([]);
  });
});
