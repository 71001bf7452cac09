// A trip's story: the change-feed rows that say who did what to a trip. Each action is one line
// of `activityActions` (what its detail holds, who may read it, and how it reads); a service
// records one by passing `activity(…)` to the feedInsert already in its write's batch.
import type { TripAccess } from '../trip-access';

/** Who may read an action's detail: anyone who sees the trip, or only its owner (money is the owner's alone). */
type SeenBy = 'view' | 'owner';

interface ActionSpec<D> {
  seenBy: SeenBy;
  /** The line after the actor's name ("moved Dinner from 19:00 to 19:30"). */
  say: (detail: D) => string;
  /** What a reader who may not see the detail reads instead. */
  hidden?: string;
}

const spec = <D>(s: ActionSpec<D>) => s;

/** `HH:MM:SS` or `HH:MM` as the screens show it. */
const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : null);
/** A `YYYY-MM-DD` day as "Jul 16" (the trip's own calendar day, read in no zone). */
const day = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime())
    ? date
    : parsed.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
};
const when = (at: { date: string; time: string | null }, sameDay: boolean) => {
  const time = hhmm(at.time);
  if (sameDay) return time ?? 'no set time';
  return time ? `${day(at.date)} ${time}` : day(at.date);
};
const listed = (words: readonly string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
/** Minor units are hundredths whatever the currency (as apps/web/src/lib/money.ts reads them), shown with the currency's own decimals. */
const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);
  } catch {
    return `${amount} ${currency}`;
  }
};

type At = { date: string; time: string | null };
type Expense = { title: string; amount: number; currency: string };

/** Every kind of line a trip's activity holds. Adding a kind is one line here and an `activity(…)` in its service. */
const activityActions = {
  'event.added': spec<{ title: string } & At>({
    seenBy: 'view',
    say: (d) => `added ${d.title} on ${day(d.date)}${d.time ? ` at ${hhmm(d.time)}` : ''}`,
  }),
  'event.moved': spec<{ title: string; from: At; to: At }>({
    seenBy: 'view',
    say: (d) => {
      const sameDay = d.from.date === d.to.date;
      return `moved ${d.title} from ${when(d.from, sameDay)} to ${when(d.to, sameDay)}`;
    },
  }),
  'event.changed': spec<{ title: string }>({ seenBy: 'view', say: (d) => `changed ${d.title}` }),
  'event.deleted': spec<{ title: string }>({ seenBy: 'view', say: (d) => `deleted ${d.title}` }),
  'bookings.imported': spec<{ added: string[]; cancelled: string[] }>({
    seenBy: 'view',
    say: (d) =>
      [
        d.added.length ? `imported ${listed(d.added)}` : '',
        d.cancelled.length ? `cancelled ${listed(d.cancelled)}` : '',
      ]
        .filter(Boolean)
        .join(' and '),
  }),
  'companion.added': spec<{ name: string }>({ seenBy: 'view', say: (d) => `added ${d.name} as a companion` }),
  'companion.changed': spec<{ name: string }>({ seenBy: 'view', say: (d) => `changed companion ${d.name}` }),
  'companion.removed': spec<{ name: string }>({ seenBy: 'view', say: (d) => `removed companion ${d.name}` }),
  'details.changed': spec<{ fields: string[] }>({
    seenBy: 'view',
    say: (d) => `changed the trip's ${listed(d.fields)}`,
  }),
  'trip.cancelled': spec<Record<string, never>>({ seenBy: 'view', say: () => 'cancelled the trip' }),
  'expense.added': spec<Expense>({
    seenBy: 'owner',
    say: (d) => `added an expense: ${d.title} (${money(d.amount, d.currency)})`,
    hidden: 'added an expense',
  }),
  'expense.changed': spec<Expense>({
    seenBy: 'owner',
    say: (d) => `changed an expense: ${d.title} (${money(d.amount, d.currency)})`,
    hidden: 'changed an expense',
  }),
  'expense.deleted': spec<Expense>({
    seenBy: 'owner',
    say: (d) => `deleted an expense: ${d.title} (${money(d.amount, d.currency)})`,
    hidden: 'deleted an expense',
  }),
  'budget.changed': spec<{ what: 'budget' | 'category budgets' }>({
    seenBy: 'owner',
    say: (d) => `changed the trip's ${d.what}`,
    hidden: 'changed the budget',
  }),
  'photo.added': spec<{ count: number }>({
    seenBy: 'view',
    say: (d) => (d.count === 1 ? 'added a photo' : `added ${d.count} photos`),
  }),
  'photo.deleted': spec<Record<string, never>>({ seenBy: 'view', say: () => 'deleted a photo' }),
  'member.added': spec<{ name: string; group: string; permission: string }>({
    seenBy: 'owner',
    say: (d) => `added ${d.name} to ${d.group} (${d.permission})`,
    hidden: 'changed who the trip is shared with',
  }),
  'member.permission': spec<{ name: string; group: string; permission: string }>({
    seenBy: 'owner',
    say: (d) => `gave ${d.name} ${d.permission} permission in ${d.group}`,
    hidden: 'changed who may do what with the trip',
  }),
  'member.removed': spec<{ name: string; group: string }>({
    seenBy: 'owner',
    say: (d) => `removed ${d.name} from ${d.group}`,
    hidden: 'changed who the trip is shared with',
  }),
  'member.left': spec<{ group: string }>({
    seenBy: 'owner',
    say: (d) => `left ${d.group}`,
    hidden: 'left a group the trip is shared with',
  }),
  'share.added': spec<{ group: string }>({
    seenBy: 'owner',
    say: (d) => `shared the trip with ${d.group}`,
    hidden: 'shared the trip with a group',
  }),
  'share.removed': spec<{ group: string }>({
    seenBy: 'owner',
    say: (d) => `stopped sharing the trip with ${d.group}`,
    hidden: 'stopped sharing the trip with a group',
  }),
  'packing.ticked': spec<{ name: string }>({ seenBy: 'view', say: (d) => `packed ${d.name}` }),
  'todo.done': spec<{ title: string }>({ seenBy: 'view', say: (d) => `finished ${d.title}` }),
} as const;

export type ActivityAction = keyof typeof activityActions;
type DetailOf<A extends ActivityAction> = Parameters<(typeof activityActions)[A]['say']>[0];

/** One line of a trip's activity, as a service hands it to feedInsert. */
export interface ActivityLine {
  tripId: string;
  actorId: string;
  action: ActivityAction;
  detail: unknown;
}

/** The activity line for `actorId` doing `action` to the trip. */
export function activity<A extends ActivityAction>(
  actorId: string,
  tripId: string,
  action: A,
  detail: DetailOf<A>,
): ActivityLine {
  return { tripId, actorId, action, detail };
}

/** The change_feed columns of a line (none for a row that is no trip's activity). */
export function activityColumns(line: ActivityLine | undefined) {
  if (!line) return {};
  return { tripId: line.tripId, actorId: line.actorId, action: line.action, detail: JSON.stringify(line.detail ?? {}) };
}

/**
 * The line as a reader with `access` reads it: the detail only where that access may see it
 * (a member who cannot see the trip's expenses learns that one was added, not what or how much).
 */
export function summarize(action: string, detail: string | null, access: TripAccess): string {
  const found = (activityActions as Record<string, ActionSpec<never> | undefined>)[action];
  if (!found) return 'made a change';
  if (found.seenBy === 'owner' && access !== 'owner') return found.hidden ?? 'made a change';
  try {
    return found.say(JSON.parse(detail ?? '{}') as never);
  } catch {
    return found.hidden ?? 'made a change';
  }
}
