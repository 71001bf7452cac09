import type { BadgeTone } from '@naav/ui/badge';
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import type { RouterOutputs } from '../../../../lib/api-types';

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

/** Days are inclusive: end minus start plus one. */
export function dayCount(startDate: string, endDate: string): number {
  return Math.max(1, differenceInCalendarDays(parseISO(endDate), parseISO(startDate)) + 1);
}

/** "7 days / 6 nights", "1 day / 0 nights". */
export function daysAndNights(startDate: string, endDate: string): string {
  const days = dayCount(startDate, endDate);
  const nights = days - 1;
  return `${days} ${days === 1 ? 'day' : 'days'} / ${nights} ${nights === 1 ? 'night' : 'nights'}`;
}

/** The sum of the costs of the items marked included. */
export function totalCost(items: readonly Pick<ProposalItem, 'cost' | 'included'>[]): number {
  return items.reduce((sum, item) => (item.included ? sum + item.cost : sum), 0);
}

/** Each day of the proposal (1…N) with its date and its items by start time. */
export function itineraryDays(startDate: string, endDate: string, items: readonly ProposalItem[]) {
  const start = parseISO(startDate);
  return Array.from({ length: dayCount(startDate, endDate) }, (_, i) => {
    const day = i + 1;
    return {
      day,
      date: format(addDays(start, i), 'yyyy-MM-dd'),
      items: items.filter((item) => item.day === day).sort((a, b) => a.startTime.localeCompare(b.startTime) || a.title.localeCompare(b.title)),
    };
  });
}

/** Dates of a new proposal: today to today + 7, expiring at today + 14. */
export function defaultProposalDates(today: string) {
  const base = parseISO(today);
  const iso = (days: number) => format(addDays(base, days), 'yyyy-MM-dd');
  return { startDate: today, endDate: iso(7), expiryDate: iso(14) };
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
