// The notices a trip's own changes cause: its other members told of an edit (batched per hour),
// and its owner told once when spending passes the budget.
import type { Database } from '@naav/db';
import { expenseTotals, notifications, trips } from '@naav/db/schema';
import { sql } from 'drizzle-orm';
import { summarize, type ActivityLine } from './live/activity';
import { feedInsert, type ChangeKind } from './live/feed';
import { nameOf, newNoticeId, noticeToEach, tripPeople, tripTitleOf } from './notify';

const hour = 3_600_000;
/** The body keeps the latest lines, however many changes the title counts. */
const keptLines = 10;

/**
 * "Kenji changed 3 things in Tokyo" for everyone else who may see the trip, as one statement for
 * the change's batch. One notice per trip per person per clock hour (the dedupe key names the
 * hour of `now`): a later change in the same hour adds its line to the body (the latest
 * ten kept), counts up the title and makes the notice unread and newest again, instead of
 * adding a second one. Each line is
 * what the recipient may read of it (a member learns that an expense was added, not how much).
 */
function tripChangeNotice(db: Database, line: ActivityLine, now: Date) {
  const { tripId, actorId } = line;
  const detail = JSON.stringify(line.detail ?? {});
  const who = nameOf(actorId);
  const [ownerLine, memberLine] = [summarize(line.action, detail, 'owner'), summarize(line.action, detail, 'view')];
  const owner = sql`(SELECT ${trips.ownerId} FROM ${trips} WHERE ${trips.id} = ${tripId})`;
  const dedupeKey = `trip_changes:${tripId}:${Math.floor(now.getTime() / hour)}`;
  const title = sql`${who} || ' changed 1 thing in ' || ${tripTitleOf(tripId)}`;
  const body = sql`${who} || ' ' || (CASE WHEN r.id = ${owner} THEN ${ownerLine} ELSE ${memberLine} END)`;
  // In DO UPDATE, "notifications" is the notice as it stands and "excluded" the one just computed.
  // The count so far is the number in the title ("… changed 3 things …": CAST reads its leading digits).
  const count = sql`(CAST(substr(${notifications.title}, instr(${notifications.title}, ' changed ') + 9) AS INTEGER) + 1)`;
  const lines = sql`(length(${notifications.body}) - length(replace(${notifications.body}, char(10), '')) + 1)`;
  const kept = sql`(CASE WHEN ${lines} >= ${keptLines} THEN substr(${notifications.body}, instr(${notifications.body}, char(10)) + 1) ELSE ${notifications.body} END)`;
  const before = sql`substr(${notifications.title}, 1, instr(${notifications.title}, ' changed ') - 1)`;
  const people = sql`(CASE WHEN ${before} = ${who} OR ${before} LIKE '% and others' THEN ${before} ELSE ${before} || ' and others' END)`;
  return db.run(
    sql`INSERT INTO ${notifications} (id, userId, kind, title, body, link, dedupeKey)
      SELECT ${newNoticeId}, r.id, 'trip_changes', ${title}, ${body}, ${`/trips/${tripId}`}, ${dedupeKey}
      FROM (${tripPeople(tripId, actorId)}) AS r WHERE 1
      ON CONFLICT (userId, dedupeKey) DO UPDATE SET
        title = ${people} || ' changed ' || ${count} || ' things in ' || ${tripTitleOf(tripId)},
        body = ${kept} || char(10) || excluded.body,
        readAt = NULL,
        createdAt = excluded.createdAt`,
  );
}

/**
 * The owner's notice when the trip's spending (in its base currency) is above its budget, for the
 * batch of a change to its expenses or budget, after the totals are updated. Once per budget
 * amount (the dedupe key names it): spending that stays over tells nobody again, and a new budget
 * passed in turn does.
 */
export function budgetOverNotice(db: Database, tripId: string) {
  const spent = sql`(SELECT coalesce(sum(${expenseTotals.amountBase}), 0) FROM ${expenseTotals} WHERE ${expenseTotals.tripId} = ${tripId})`;
  const budget = sql`(SELECT ${trips.budgetTotal} FROM ${trips} WHERE ${trips.id} = ${tripId})`;
  const owner = sql`(SELECT ${trips.ownerId} FROM ${trips} WHERE ${trips.id} = ${tripId})`;
  return noticeToEach(
    db,
    sql`SELECT ${owner} AS id`,
    {
      kind: 'budget_over',
      title: sql`'Over budget: ' || ${tripTitleOf(tripId)}`,
      body: 'Spending on this trip has passed its budget.',
      link: `/budget-tracker?trip=${tripId}`,
      dedupeKey: sql`'budget_over:' || ${tripId} || ':' || ${budget}`,
    },
    sql`${budget} IS NOT NULL AND ${spent} > ${budget}`,
  );
}

/**
 * A change to a trip as its batch reports it: the feed row with its activity line, then the
 * notice telling the trip's other people (tripChangeNotice). Spread it into the batch.
 */
export function tripFeed(
  db: Database,
  topicName: string,
  rowId: string | null,
  kind: ChangeKind,
  line: ActivityLine,
  now: Date = new Date(),
) {
  return [feedInsert(db, topicName, rowId, kind, line), tripChangeNotice(db, line, now)] as const;
}
