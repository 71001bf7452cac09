import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '@naav/db';
import type { z } from 'zod';
import { todayIn } from '@naav/schemas/dates';
import { travelPlaces, travels, travelYears, trips } from '@naav/db/schema';
import { and, count, desc, eq, gte, isNull, lt, lte, notExists, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Actor } from '../../context';
import { NotFoundError } from '../../errors';
import { decodeCursor, encodeCursor, isIsoDate } from '../../lib/cursor';
import { findPlace } from '../../lib/places';
import { searchMatch } from '../../lib/search';
import type { journalPinsInput, travelPageInput } from './journal.schemas';
import type {
  CreateTravelInput,
  JournalFilters,
  JournalOverview,
  JournalPins,
  Travel,
  TravelPage,
} from './journal.schemas';

type TravelPageInput = z.infer<typeof travelPageInput>;
type JournalPinsInput = z.infer<typeof journalPinsInput>;

const travelColumns = {
  id: travels.id,
  tripId: travels.tripId,
  title: travels.title,
  location: travels.location,
  startDate: travels.startDate,
  endDate: travels.endDate,
  imageUrl: travels.imageUrl,
  description: travels.description,
  highlights: travels.highlights,
  tags: travels.tags,
  latitude: travels.latitude,
  longitude: travels.longitude,
};

const coordinates = (location: string) => {
  const place = findPlace(location);
  return { latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
};

/**
 * Trips that have ended and are not in the journal yet. A trip ends at the end of its last
 * day in its own zone; the day after its end date in UTC is a safe bound, then each trip is
 * checked.
 */
function endedTripsQuery(db: Database, actor: Actor, now: Date) {
  return db
    .select({
      id: trips.id,
      title: trips.title,
      location: trips.location,
      startDate: trips.startDate,
      endDate: trips.endDate,
      timeZone: trips.timeZone,
      imageUrl: trips.imageUrl,
      description: trips.description,
    })
    .from(trips)
    .where(
      and(
        eq(trips.ownerId, actor.id),
        isNull(trips.cancelledAt),
        lt(trips.endDate, todayIn('Pacific/Kiritimati', now)),
        notExists(db.select({ id: travels.id }).from(travels).where(eq(travels.tripId, trips.id))),
      ),
    );
}

/** Most recent first: the start date, then id, both descending (the index's order, read backwards). */
const journalOrder = [desc(travels.startDate), desc(travels.id)];

/** The conditions of the journal's filters: words (FTS5), a calendar year touched, a tag. */
function journalConditions(actor: Actor, filters: JournalFilters): SQL[] {
  const where: SQL[] = [eq(travels.ownerId, actor.id)];
  if (filters.year !== undefined)
    where.push(lte(travels.startDate, `${filters.year}-12-31`), gte(travels.endDate, `${filters.year}-01-01`));
  if (filters.tripId !== undefined) where.push(eq(travels.tripId, filters.tripId));
  if (filters.tag !== undefined)
    where.push(sql`EXISTS (SELECT 1 FROM json_each(${travels.tags}) WHERE value = ${filters.tag})`);
  if (filters.q) {
    const match = searchMatch(filters.q);
    // Punctuation alone names no word: nothing matches it.
    where.push(
      match === null
        ? sql`0`
        : sql`${travels}.rowid IN (SELECT rowid FROM travel_search WHERE travel_search MATCH ${match})`,
    );
  }
  return where;
}

/** Whether any filter narrows the journal (words, a year, a tag, a trip). */
const isFiltered = (filters: JournalFilters) =>
  Boolean(filters.q) || filters.year !== undefined || filters.tag !== undefined || filters.tripId !== undefined;

/** The actor's journal, most recent first, matching the filters: after a cursor's entry and at most `limit` rows when given. */
const journalQuery = (
  db: Database,
  actor: Actor,
  {
    after,
    limit,
    filters = {},
  }: { after?: { startDate: string; id: string }; limit?: number; filters?: JournalFilters } = {},
) => {
  const where = journalConditions(actor, filters);
  if (after) where.push(sql`(${travels.startDate}, ${travels.id}) < (${after.startDate}, ${after.id})`);
  const query = db
    .select(travelColumns)
    .from(travels)
    .where(and(...where))
    .orderBy(...journalOrder);
  return limit === undefined ? query : query.limit(limit);
};

/**
 * Puts the actor's trips that have ended into the journal, in one batch with the journal
 * read it answers; when a trip joined, that is read again. One round trip, two more on the
 * day a trip joins the journal.
 */
async function withEndedTrips(
  db: Database,
  actor: Actor,
  now: Date,
  read: () => ReturnType<typeof journalQuery>,
): Promise<Travel[]> {
  const [ended, listed] = await db.batch([endedTripsQuery(db, actor, now), read()]);
  const rows = ended
    .filter((t) => t.endDate < todayIn(t.timeZone, now))
    .map(({ id: tripId, timeZone: _zone, ...trip }) => ({
      ...trip,
      tripId,
      ownerId: actor.id,
      ...coordinates(trip.location),
    }));
  if (rows.length === 0) return listed;
  // The unique index on tripId keeps a trip from entering the journal twice.
  await db.insert(travels).values(rows).onConflictDoNothing();
  return read();
}

/** The actor's travel journal, most recent first, including trips that have ended. */
export async function listHistory(db: Database, actor: Actor, now: Date): Promise<Travel[]> {
  const items: Travel[] = [];
  for await (const page of await openJournalStream(db, actor, now)) items.push(...page);
  return items;
}

/** The journal entries read per query when every one is answered (the unpaged list). */
const journalStreamPageSize = 500;

/**
 * The whole journal, most recent first, one indexed page at a time with a turn of the event
 * loop between pages: GET /api/travels/history streams it, so a journal of any length is
 * never built in memory nor holds the server for longer than a page.
 */
export async function openJournalStream(
  db: Database,
  actor: Actor,
  now: Date,
  pageSize = journalStreamPageSize,
): Promise<AsyncGenerator<Travel[]>> {
  // Trips that have ended join first, so the stream agrees with the pages.
  const first = await withEndedTrips(db, actor, now, () => journalQuery(db, actor, { limit: pageSize }));
  async function* pages(): AsyncGenerator<Travel[]> {
    let rows = first;
    for (;;) {
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      await yieldToEventLoop();
      rows = await journalQuery(db, actor, { after: { startDate: last.startDate, id: last.id }, limit: pageSize });
    }
  }
  return pages();
}

/** The `count` most recent journal entries (home shows three), however long the journal is. */
export async function latestTravels(db: Database, actor: Actor, count: number, now: Date): Promise<Travel[]> {
  return withEndedTrips(db, actor, now, () => journalQuery(db, actor, { limit: count }));
}

/** An opaque cursor for the entries after `travel`. */
const travelCursor = (travel: Pick<Travel, 'startDate' | 'id'>) => encodeCursor([travel.startDate, travel.id]);

/**
 * One page of the journal matching the filters: at most `limit` entries after the cursor's,
 * with the cursor of the next page (null after the last). Each page is one indexed read at any
 * depth; `total` counts every match, on the first page unless told otherwise (`withTotal`),
 * so later pages do not pay for a count that grows with the journal.
 */
export async function travelPage(db: Database, actor: Actor, input: TravelPageInput, now: Date): Promise<TravelPage> {
  const after =
    input.cursor === undefined
      ? undefined
      : decodeCursor(input.cursor, ([startDate, id]) =>
          isIsoDate(startDate) && typeof id === 'string' ? { startDate, id } : null,
        );
  const filters = { q: input.q, year: input.year, tag: input.tag, tripId: input.tripId };
  // One row more than the page tells whether another follows.
  const rows = await withEndedTrips(db, actor, now, () =>
    journalQuery(db, actor, { after, limit: input.limit + 1, filters }),
  );
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  const page: TravelPage = { items, nextCursor: rows.length > input.limit && last ? travelCursor(last) : null };
  if (!(input.withTotal ?? input.cursor === undefined)) return page;
  // Unfiltered, the whole journal's count is a sum over travel_years (a few rows a year), not a count of every entry.
  const [counted] = isFiltered(filters)
    ? await db
        .select({ n: count() })
        .from(travels)
        .where(and(...journalConditions(actor, filters)))
    : await db
        .select({ n: sql<number>`coalesce(sum(${travelYears.count}), 0)` })
        .from(travelYears)
        .where(eq(travelYears.ownerId, actor.id));
  return { ...page, total: counted?.n ?? 0 };
}

/** How many entries the journal holds and the calendar years they touch, newest first: one read of travel_years. */
export async function journalOverview(db: Database, actor: Actor, now: Date): Promise<JournalOverview> {
  // Trips that have ended join first, so the count agrees with the pages.
  await withEndedTrips(db, actor, now, () => journalQuery(db, actor, { limit: 0 }));
  // travel_years (kept by triggers) holds the entries per start and end year: a few rows a year travelled.
  const spans = await db
    .select({ first: travelYears.startYear, last: travelYears.endYear, n: travelYears.count })
    .from(travelYears)
    .where(eq(travelYears.ownerId, actor.id));
  const years = new Set<number>();
  for (const span of spans) for (let y = span.first; y <= Math.max(span.first, span.last); y++) years.add(y);
  return { count: spans.reduce((sum, span) => sum + span.n, 0), years: [...years].sort((a, b) => b - a) };
}

/** Grid cells across the world's width at zoom 0; each zoom level doubles them (about 5.6° at 0). */
const gridColumnsAtZoom0 = 64;

/** The rows of a grid cell: where its mark goes, how many travels it holds and its newest travel's id. */
type CellRow = { latitude: number; longitude: number; count: number; id: string; title: string; location: string };

/**
 * The journal's pins inside the map's bounds, matching the filters: the travels grouped by
 * grid cell at this zoom in one grouped query: a cell with one travel answers it at its place,
 * a fuller one a cluster at its travels' mean position with their count and its newest travel
 * (the one the map opens when the cluster cannot come apart). Unfiltered, the cells are grouped
 * from travel_places (one row per place visited, kept by triggers), so the cost follows the
 * places, not the length of the journal; filtered, from the matching travels. The travels
 * without a place come beside them (the first 20 and their number, from an index of their own).
 */
export async function journalPins(
  db: Database,
  actor: Actor,
  input: JournalPinsInput,
  now: Date,
): Promise<JournalPins> {
  const filters = { q: input.q, year: input.year, tag: input.tag, tripId: input.tripId };
  const filtered = isFiltered(filters);
  await withEndedTrips(db, actor, now, () => journalQuery(db, actor, { limit: 0 }));
  const unplacedWhere = and(...journalConditions(actor, filters), isNull(travels.latitude));
  const [cells, unplaced, [unplacedCount]] = await db.batch([
    filtered ? travelCells(db, actor, input, filters) : placeCells(db, actor, input),
    db
      .select({ id: travels.id, title: travels.title, location: travels.location })
      .from(travels)
      .where(unplacedWhere)
      .orderBy(...journalOrder)
      .limit(20),
    db.select({ n: count() }).from(travels).where(unplacedWhere),
  ]);
  return {
    pins: cells.map((c) => ({
      latitude: c.latitude,
      longitude: c.longitude,
      count: c.count,
      travel: { id: c.id, title: c.title, location: c.location },
    })),
    unplaced,
    unplacedCount: unplacedCount?.n ?? 0,
  };
}

/** The grid cell of a point at this zoom, as SQL over its latitude and longitude columns. */
function gridCell(zoom: number, latitude: SQLWrapper, longitude: SQLWrapper) {
  const cell = 360 / (gridColumnsAtZoom0 * 2 ** zoom);
  return [sql`CAST((${longitude} + 180) / ${cell} AS INTEGER)`, sql`CAST((${latitude} + 90) / ${cell} AS INTEGER)`];
}

/** "Newest" in the journal's order (start date, then id) as one comparable text: ISO dates have a fixed width. */
const newestKey = (startDate: SQLWrapper, id: SQLWrapper) => sql<string>`max(${startDate} || ' ' || ${id})`;

/** The cells of the travels matching the filters, grouped from the travels themselves. */
function travelCells(db: Database, actor: Actor, input: JournalPinsInput, filters: JournalFilters) {
  return db
    .select({
      latitude: sql<number>`avg(${travels.latitude})`,
      longitude: sql<number>`avg(${travels.longitude})`,
      count: count(),
      // SQLite answers bare columns beside max() from the row holding the maximum: the cell's newest travel.
      newest: newestKey(travels.startDate, travels.id),
      id: sql<string>`${travels.id}`,
      title: sql<string>`${travels.title}`,
      location: sql<string>`${travels.location}`,
    })
    .from(travels)
    .where(
      and(
        ...journalConditions(actor, filters),
        sql`${travels.latitude} BETWEEN ${input.south} AND ${input.north}`,
        sql`${travels.longitude} BETWEEN ${input.west} AND ${input.east}`,
      ),
    )
    .groupBy(...gridCell(input.zoom, travels.latitude, travels.longitude))
    .orderBy(desc(newestKey(travels.startDate, travels.id))) satisfies PromiseLike<CellRow[]>;
}

/** Every travel's cell, grouped from the places the traveller has been (travel_places), the newest travel's words read by id. */
function placeCells(db: Database, actor: Actor, input: JournalPinsInput) {
  // Named apart from the travels' own columns, which the outer query joins.
  const cells = db
    .select({
      latitude: sql<number>`sum(${travelPlaces.latitude} * ${travelPlaces.count}) / sum(${travelPlaces.count})`.as(
        'cell_latitude',
      ),
      longitude: sql<number>`sum(${travelPlaces.longitude} * ${travelPlaces.count}) / sum(${travelPlaces.count})`.as(
        'cell_longitude',
      ),
      count: sql<number>`sum(${travelPlaces.count})`.as('cell_count'),
      // As above: the bare newestId comes from the place holding the cell's newest travel.
      newest: newestKey(travelPlaces.newestStartDate, travelPlaces.newestId).as('cell_newest'),
      id: sql<string>`${travelPlaces.newestId}`.as('cell_travel_id'),
    })
    .from(travelPlaces)
    .where(
      and(
        eq(travelPlaces.ownerId, actor.id),
        sql`${travelPlaces.latitude} BETWEEN ${input.south} AND ${input.north}`,
        sql`${travelPlaces.longitude} BETWEEN ${input.west} AND ${input.east}`,
      ),
    )
    .groupBy(...gridCell(input.zoom, travelPlaces.latitude, travelPlaces.longitude))
    .as('cells');
  return db
    .select({
      latitude: cells.latitude,
      longitude: cells.longitude,
      count: cells.count,
      id: cells.id,
      title: travels.title,
      location: travels.location,
    })
    .from(cells)
    .innerJoin(travels, eq(travels.id, cells.id))
    .orderBy(desc(cells.newest)) satisfies PromiseLike<CellRow[]>;
}

export async function getTravel(db: Database, actor: Actor, id: string): Promise<Travel> {
  const [row] = await db
    .select(travelColumns)
    .from(travels)
    .where(and(eq(travels.id, id), eq(travels.ownerId, actor.id)));
  if (!row) throw new NotFoundError('Travel');
  return row;
}

/** Adds a travel that was never planned here; the map pin comes from the bundled city list. */
export async function createTravel(db: Database, actor: Actor, input: CreateTravelInput): Promise<Travel> {
  const [row] = await db
    .insert(travels)
    .values({ ...input, ownerId: actor.id, ...coordinates(input.location) })
    .returning({ id: travels.id });
  if (!row) throw new Error('insert returned no row');
  return getTravel(db, actor, row.id);
}
