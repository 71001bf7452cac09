import type { BadgeTone } from '@naav/ui/badge';
import { addDaysIso, tripDayCount } from '@naav/schemas/dates';
import type { RouterOutputs } from '~/lib/api-types';

export type Proposal = RouterOutputs['proposals']['list'][number];
export type ProposalItem = RouterOutputs['proposals']['items'][number];
export type ProposalFeedback = RouterOutputs['proposals']['feedback'][number];
export type ProposalStatus = Proposal['status'];
export type ClientTripRequest = RouterOutputs['tripRequests']['ofClients'][number];
export type ItemType = ProposalItem['type'];

export const statusLabels: Record<ProposalStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  submitted: { label: 'Submitted', tone: 'info' },
  reviewing: { label: 'Reviewing', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

export const itemTypeLabels: Record<ItemType, string> = {
  activity: 'Activity',
  meal: 'Meal',
  transportation: 'Transportation',
  accommodation: 'Accommodation',
};

/** How a draft the client sent back reads for them while the agent prepares the next version. */
export const waitingForNewVersion = 'Revisions requested — waiting for a new version';

/** What a client sees (and an agent through the client view): never a draft that was never submitted. */
export const visibleToClient = (p: Pick<Proposal, 'status' | 'revisionsRequested'>) => p.status !== 'draft' || p.revisionsRequested;

/** The Pending Proposals filter. */
export const pendingStatuses: readonly ProposalStatus[] = ['draft', 'submitted', 'reviewing'];

/** The sum of the costs of the items marked included. */
export function totalCost(items: readonly Pick<ProposalItem, 'cost' | 'included'>[]): number {
  return items.reduce((sum, item) => (item.included ? sum + item.cost : sum), 0);
}

/** Each day of the proposal (1…N) with its date and its items by start time. */
export function itineraryDays(startDate: string, endDate: string, items: readonly ProposalItem[]) {
  return Array.from({ length: tripDayCount(startDate, endDate) }, (_, i) => {
    const day = i + 1;
    return {
      day,
      date: addDaysIso(startDate, i),
      items: items.filter((item) => item.day === day).sort((a, b) => a.startTime.localeCompare(b.startTime) || a.title.localeCompare(b.title)),
    };
  });
}

/**
 * A new proposal's expiry: a week from today, but never on or after the trip's first day (the
 * client decides before leaving), so the day before it; never before today, the earliest the
 * server takes (a trip starting today or tomorrow expires today).
 */
export function defaultExpiryFor(today: string, startDate: string): string {
  const week = addDaysIso(today, 7);
  const dayBefore = addDaysIso(startDate, -1);
  // ISO dates compare as text.
  const latest = dayBefore.localeCompare(week) < 0 ? dayBefore : week;
  return latest.localeCompare(today) < 0 ? today : latest;
}

/** Dates of a new proposal: today to today + 7, expiring before it starts (see defaultExpiryFor). */
export function defaultProposalDates(today: string) {
  return { startDate: today, endDate: addDaysIso(today, 7), expiryDate: defaultExpiryFor(today, today) };
}

/** Splits a textarea into lines, trimmed, blanks dropped. */
export const splitLines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** A budget or cost field: an integer, 0 when empty or unreadable. */
export function parseWholeDollars(value: string): number {
  const n = Number.parseInt(value.replace(/[,$\s]/g, ''), 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
