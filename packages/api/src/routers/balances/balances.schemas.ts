import { z } from 'zod';
import { id, isoDate } from '../../lib/schemas';
import { currencyCode, maxAmount, participantId } from '@naav/schemas/budget';
import { minorUnitsOf } from '@naav/schemas/money';

export const participantSchema = z
  .object({
    /** Stable per trip: `user:<userId>` or `companion:<companionId>`. */
    id: z.string(),
    name: z.string(),
    kind: z.enum(['owner', 'member', 'companion']),
    /** The account, for the owner and members; null for a companion. */
    userId: z.string().nullable(),
  })
  .meta({ id: 'Participant' });
export type Participant = z.infer<typeof participantSchema>;

export const balancesSchema = z
  .object({
    /** The trip's base currency: every amount below is in its minor units. */
    currency: currencyCode,
    balances: z.array(
      z.object({
        participantId: z.string(),
        name: z.string(),
        /** What they paid. */
        paid: z.number().int().meta(minorUnitsOf('What they paid', 'the base currency')),
        /** Their part of what was spent. */
        share: z.number().int().meta(minorUnitsOf('Their part of what was spent', 'the base currency')),
        /** paid − share: above 0 they are owed, below 0 they owe. The nets sum to zero. */
        net: z.number().int().meta(minorUnitsOf('paid − share', 'the base currency')),
      }),
    ),
    /** The fewest payments that settle every balance. */
    transfers: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        amount: z.number().int().meta(minorUnitsOf('The payment', 'the base currency')),
      }),
    ),
  })
  .meta({ id: 'Balances' });
export type Balances = z.infer<typeof balancesSchema>;

export const spendingByPersonSchema = z.object({
  /** The trip's base currency: every amount below is in its minor units. */
  currency: currencyCode,
  people: z.array(
    z.object({
      participantId: z.string(),
      name: z.string(),
      /** What they paid for the trip's expenses (settlements left out; refunds count against it). */
      paid: z.number().int().meta(minorUnitsOf('What they paid', 'the base currency')),
      /** Their part of the trip's spending. The parts sum to the trip's total spent. */
      spent: z.number().int().meta(minorUnitsOf('Their part of the spending', 'the base currency')),
    }),
  ),
});
export type SpendingByPerson = z.infer<typeof spendingByPersonSchema>;

export const settlementInput = z.object({
  /** The trip. */
  id,
  /** Who paid (a participant id). */
  from: participantId,
  /** Who was paid (a participant id). */
  to: participantId,
  /** Minor units of `currency`. */
  amount: z
    .number({ error: 'Must be a number of minor units' })
    .int('Must be whole minor units')
    .min(1, 'Must be above 0')
    .max(maxAmount, 'At most 10^12 minor units')
    .meta(minorUnitsOf('The payment', '`currency`')),
  currency: currencyCode,
  date: isoDate,
});
export type SettlementInput = z.infer<typeof settlementInput>;

export const settlementSchema = settlementInput.extend({ tripId: id, id }).meta({ id: 'Settlement' });
