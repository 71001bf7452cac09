import { expect, it } from 'vitest';
import { TooManyRequestsError } from '../throttle';
import { bookingParserBudgets, createFairSlots, reservePreview } from './parse-pool';

it('a free place goes to the next user waiting, not to the user who already queued many', async () => {
  const slots = createFairSlots(1);
  const served: string[] = [];
  await slots.take('attacker');
  // The attacker queues three more files, then another user queues one.
  const queued = [
    ...['a1', 'a2', 'a3'].map((name) => slots.take('attacker').then(() => served.push(name))),
    slots.take('other').then(() => served.push('o1')),
  ];
  for (let i = 0; i < 4; i++) {
    slots.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await Promise.all(queued);
  expect(served).toEqual(['a1', 'o1', 'a2', 'a3']);
});

it('places are taken at once while some are free', async () => {
  const slots = createFairSlots(2);
  await slots.take('u1');
  await slots.take('u1');
  let third = false;
  const waiting = slots.take('u2').then(() => {
    third = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(third).toBe(false);
  slots.release();
  await waiting;
  expect(third).toBe(true);
});

it('a preview beyond the user’s places is refused with Retry-After, answered only once one of their previews ends', async () => {
  const held: (() => void)[] = [];
  for (let i = 0; i < bookingParserBudgets.perUser; i++) held.push(await reservePreview('u-busy'));
  let settled = false;
  const refused = reservePreview('u-busy').then(
    () => {
      settled = true;
      throw new Error('a third place was given');
    },
    (error: unknown) => {
      settled = true;
      return error;
    },
  );
  // Another user's place is given at once meanwhile.
  const other = await reservePreview('u-other');
  other();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(settled).toBe(false);
  held[0]!();
  const error = await refused;
  expect(error).toBeInstanceOf(TooManyRequestsError);
  expect((error as TooManyRequestsError).retryAfterSeconds).toBe(bookingParserBudgets.retryAfterSeconds);
  held[1]!();
});
