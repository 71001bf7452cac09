// How an expense is shared among a trip's participants, and the fewest payments that settle a
// trip's balances. Plain functions on minor units: the service stores and reads what they give.
import { splitIssues, type ExpenseSplit } from '@naav/schemas/budget';
import { ValidationError } from '../../errors';

export interface Share {
  participantId: string;
  amount: number;
}

/**
 * Each part of `amount` (minor units, negative for a refund) as `split` asks, summing exactly
 * to it: every part is rounded toward zero and what rounding leaves goes to the payer when they
 * are among the parts, else to the first part. Without a split, equal among `participants`.
 * Refuses (ValidationError naming the field) an unknown or repeated participant, a share
 * weight ≤ 0, exact parts not summing to the amount, percentages not summing to 100.
 */
export function splitAmount(
  amount: number,
  payer: string,
  participants: readonly string[],
  split: ExpenseSplit | undefined,
): Share[] {
  const known = new Set(participants);
  const mode = split?.mode ?? 'equal';
  const parts = split?.parts ?? participants.map((participantId) => ({ participantId, value: 1 }));
  const seen = new Set<string>();
  parts.forEach((part, i) => {
    if (!known.has(part.participantId) || seen.has(part.participantId))
      throw new ValidationError(
        `split.parts.${i}.participantId`,
        seen.has(part.participantId) ? 'Named twice' : 'Not a participant of this trip',
      );
    seen.add(part.participantId);
  });
  const [issue] = splitIssues(amount, { mode, parts });
  if (issue) throw new ValidationError(issue.path, issue.message);
  const total = parts.reduce((sum, part) => sum + part.value, 0);
  const amounts = parts.map((part) => {
    switch (mode) {
      case 'equal':
        return Math.trunc(amount / parts.length);
      case 'shares':
        return Math.trunc((amount * part.value) / total);
      case 'exact':
        return part.value;
      default:
        return Math.trunc((amount * part.value) / 100);
    }
  });
  const payerAt = parts.findIndex((part) => part.participantId === payer);
  const remainder = amount - amounts.reduce((sum, a) => sum + a, 0);
  amounts[payerAt === -1 ? 0 : payerAt]! += remainder;
  return parts.map((part, i) => ({ participantId: part.participantId, amount: amounts[i]! }));
}

export interface Transfer {
  from: string;
  to: string;
  amount: number;
}

/** Up to this many unsettled participants the fewest payments are found exactly; beyond, greedily. */
const exactSettleUpLimit = 10;

/**
 * The payments that bring every net balance (summing to zero) to zero: the fewest possible for
 * up to exactSettleUpLimit people with a balance (the most zero-sum groups a partition can have:
 * each group of k settles in k − 1 payments), largest debtor to largest creditor beyond.
 */
export function settleUp(nets: ReadonlyMap<string, number>): Transfer[] {
  const open = [...nets].filter(([, net]) => net !== 0);
  if (open.length > exactSettleUpLimit) return greedy(open);
  const n = open.length;
  const full = (1 << n) - 1;
  const sums = new Array<number>(full + 1).fill(0);
  for (let mask = 1; mask <= full; mask++) {
    const low = Math.clz32(1) - Math.clz32(mask & -mask);
    sums[mask] = sums[mask & (mask - 1)]! + open[low]![1];
  }
  // groups[mask]: the most zero-sum groups a zero-sum `mask` splits into; first[mask]: the group
  // holding its lowest member in such a split.
  const groups = new Array<number>(full + 1).fill(-1);
  const first = new Array<number>(full + 1).fill(0);
  groups[0] = 0;
  for (let mask = 1; mask <= full; mask++) {
    if (sums[mask] !== 0) continue;
    const lowest = mask & -mask;
    const rest = mask ^ lowest;
    // Every submask of the rest, with the lowest member added: a group that holds it.
    for (let sub = rest; ; sub = (sub - 1) & rest) {
      const group = sub | lowest;
      const others = mask ^ group;
      if (sums[group] === 0 && groups[others]! >= 0 && groups[others]! + 1 > groups[mask]!) {
        groups[mask] = groups[others]! + 1;
        first[mask] = group;
      }
      if (sub === 0) break;
    }
  }
  // Nets that do not sum to zero (totals clamped to safe integers) have no such split: settle greedily.
  if (groups[full]! < 0) return greedy(open);
  const transfers: Transfer[] = [];
  for (let mask = full; mask !== 0; mask ^= first[mask]!) {
    transfers.push(...greedy(open.filter((_, i) => first[mask]! & (1 << i))));
  }
  return transfers;
}

/** Largest debtor pays the largest creditor, until nothing is owed: at most k − 1 payments for k people. */
function greedy(open: readonly (readonly [string, number])[]): Transfer[] {
  const debtors = open.filter(([, net]) => net < 0).map(([id, net]) => ({ id, left: -net }));
  const creditors = open.filter(([, net]) => net > 0).map(([id, net]) => ({ id, left: net }));
  const transfers: Transfer[] = [];
  for (;;) {
    debtors.sort((a, b) => b.left - a.left);
    creditors.sort((a, b) => b.left - a.left);
    const [debtor, creditor] = [debtors[0], creditors[0]];
    if (!debtor || !creditor || debtor.left === 0 || creditor.left === 0) return transfers;
    const amount = Math.min(debtor.left, creditor.left);
    transfers.push({ from: debtor.id, to: creditor.id, amount });
    debtor.left -= amount;
    creditor.left -= amount;
  }
}
