// Who paid an expense and how it is shared, as the expense dialog holds it: the default (the
// person adding it paid, equal among everyone) until the traveller changes it.
import { splitIssues, type ExpenseSplit } from '@naav/schemas/budget';
import { formatMoney, fromMinorUnits, toMinorUnits } from '~/lib/money';

export type SplitMode = ExpenseSplit['mode'];

export const splitModes: Readonly<Record<SplitMode, string>> = {
  equal: 'Equally',
  shares: 'By shares',
  exact: 'By exact amounts',
  percent: 'By percentages',
};

export interface SplitPart {
  participantId: string;
  /** In the split (equal mode); the other modes read the value. */
  included: boolean;
  /** As typed: a share weight, an amount in the expense's currency, or a percentage. */
  value: string;
}

export interface SplitState {
  /** '' is the person adding the expense (the API's default). */
  paidBy: string;
  mode: SplitMode;
  /** Empty: equal among everyone, the default, sent as no split at all. */
  parts: SplitPart[];
}

export const defaultSplit: SplitState = { paidBy: '', mode: 'equal', parts: [] };

/** The default values each mode starts from when chosen, for the trip's participants. */
export function partsFor(mode: SplitMode, participants: readonly { id: string }[], amount: number, currency: string) {
  const n = participants.length || 1;
  return participants.map(({ id }, i) => ({
    participantId: id,
    included: true,
    value:
      mode === 'shares'
        ? '1'
        : mode === 'percent'
          ? String(i === 0 ? 100 - Math.floor(100 / n) * (n - 1) : Math.floor(100 / n))
          : mode === 'exact'
            ? fromMinorUnits(Math.trunc(amount / n) + (i === 0 ? amount % n : 0), currency)
            : '',
  }));
}

/**
 * An expense's stored payer and parts as the dialog's state: nothing changed when it is the
 * default (equal among everyone); equal among some when their parts are even; exact amounts otherwise.
 */
export function splitFrom(
  expense: {
    paidBy: string;
    amount: number;
    currency: string;
    shares: readonly { participantId: string; amount: number }[];
  },
  participants: readonly { id: string }[],
): SplitState {
  const { shares } = expense;
  const even = (list: readonly { amount: number }[]) =>
    list.length > 0 && list.every((s) => Math.abs(s.amount - expense.amount / list.length) < 1);
  const everyone =
    participants.length > 0 &&
    shares.length === participants.length &&
    participants.every((p) => shares.some((s) => s.participantId === p.id));
  const paidBy = expense.paidBy;
  if (everyone && even(shares)) return { paidBy, mode: 'equal', parts: [] };
  if (even(shares))
    return {
      paidBy,
      mode: 'equal',
      parts: participants.map((p) => ({
        participantId: p.id,
        included: shares.some((s) => s.participantId === p.id),
        value: '',
      })),
    };
  return {
    paidBy,
    mode: 'exact',
    parts: participants.map((p) => {
      const share = shares.find((s) => s.participantId === p.id);
      return {
        participantId: p.id,
        included: true,
        value: share ? fromMinorUnits(share.amount, expense.currency) : '0',
      };
    }),
  };
}

/** The request's paidBy and split, and what is wrong with them (keyed `parts.<i>` or `parts`), before sending. */
export function splitRequest(
  state: SplitState,
  amount: number,
  currency: string,
): { paidBy?: string; split?: ExpenseSplit; errors: Record<string, string> } {
  const paidBy = state.paidBy ? { paidBy: state.paidBy } : {};
  const errors: Record<string, string> = {};
  if (state.parts.length === 0) return { ...paidBy, errors };
  if (state.mode === 'equal') {
    const chosen = state.parts.filter((p) => p.included);
    if (chosen.length === 0) errors.parts = 'Choose at least one person';
    // Everyone: the default, sent as no split at all.
    if (chosen.length === state.parts.length) return { ...paidBy, errors };
    return {
      ...paidBy,
      split: { mode: 'equal', parts: chosen.map((p) => ({ participantId: p.participantId, value: 1 })) },
      errors,
    };
  }
  // Blank counts as 0: a person left out of the shares, amounts or percentages.
  const parts = state.parts.map((p, i) => {
    const typed = p.value.trim() === '' ? 0 : state.mode === 'exact' ? toMinorUnits(p.value) : Number(p.value);
    if (typed === null || !Number.isFinite(typed)) errors[`parts.${i}`] = 'Enter a number';
    return { participantId: p.participantId, value: typed ?? 0 };
  });
  // A share of 0 leaves that person out; the others' must be above 0.
  const sent = state.mode === 'shares' ? parts.filter((p) => p.value !== 0) : parts;
  if (state.mode === 'shares' && sent.length === 0) errors.parts = 'Give at least one person a share';
  const split: ExpenseSplit = { mode: state.mode, parts: sent };
  if (Object.keys(errors).length === 0 && Number.isFinite(amount)) {
    for (const issue of splitIssues(amount, split, (minor) => formatMoney(minor, currency))) {
      const index = /^split\.parts\.(\d+)\.value$/.exec(issue.path)?.[1];
      const at = index === undefined ? -1 : parts.indexOf(sent[Number(index)]!);
      errors[at === -1 ? 'parts' : `parts.${at}`] ??= issue.message;
    }
  }
  return { ...paidBy, split, errors };
}
