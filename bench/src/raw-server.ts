/**
 * The floor for the HTTP bench: a bare node:http handler that answers GET /api/trips/current
 * with the same SQL (no ORM), the same status rule and the same JSON as the API's
 * trips.getCurrentTrip. It skips auth: the user is fixed at start. Its SQL runs one of two ways:
 * - `client`: through @libsql/client, which compiles each statement on every call (the floor the
 *   bench's targets were set against);
 * - `compiled`: statements compiled once on libSQL's native connection, rows read as arrays (as
 *   the API's prepared reader does), the cheapest way we know.
 *
 * GET /day-plan/<trip id> is the floor of a trip's day plan as the trip page loads it (trips.dayPlan
 * in the page's tRPC batch): the same two statements the API runs for it (the trip with the user's
 * access to it, and its events), and the same JSON as the batch's answer.
 *
 * Usage: tsx src/raw-server.ts <database url> <port> <user email> [client|compiled]
 */
import { createServer, type ServerResponse } from 'node:http';
import { createClient, type InValue } from '@libsql/client';
import Libsql from 'libsql';
// The server's own date helpers: one formatting per zone and minute.
import { addDaysIso, todayIn } from '@naav/schemas/dates';

const [url, portArg, email, mode = 'client'] = process.argv.slice(2);
if (!url || !portArg || !email || (mode !== 'client' && mode !== 'compiled'))
  throw new Error('usage: raw-server.ts <database url> <port> <user email> [client|compiled]');

if (!url.startsWith('file:')) throw new Error(`the floor reads an embedded file, not ${url}`);
const connection = new Libsql(url.slice('file:'.length), { fileMustExist: true });
connection.exec('PRAGMA busy_timeout = 5000');
const owner = connection.prepare('select "id" from "user" where "email" = ?').get(email) as
  | { id?: unknown }
  | undefined;
const ownerId = owner?.id;
if (typeof ownerId !== 'string') throw new Error(`no user ${email} in ${url}`);

// The statements drizzle builds for getCurrentTrip, getTrip and listTripEvents' rows (checked with
// .toSQL()): a trip's columns, the user's access rank and its owner's name. When the service's
// columns change, the bench's first checks (same JSON from REST, tRPC and here) fail loudly.
const tripColumnNames = [
  'id',
  'title',
  'destination',
  'location',
  'startDate',
  'endDate',
  'timeZone',
  'imageUrl',
  'description',
  'accommodation',
  'transportation',
  'notes',
  'hotelPhone',
  'conciergePhone',
  'baseCurrency',
  'budgetTotal',
  'cancelledAt',
] as const;
const tripColumns = tripColumnNames.map((column) => `"trips"."${column}"`).join(', ');
/** Where each column is in a row of tripSelect: its trip columns, then the access rank, then the owner's name. */
const at = Object.fromEntries(tripColumnNames.map((column, index) => [column, index])) as Record<
  (typeof tripColumnNames)[number],
  number
>;
const accessAt = tripColumnNames.length;
const ownerNameAt = accessAt + 1;
const tripSelect =
  `select ${tripColumns}, (CASE WHEN "trips"."ownerId" = ? THEN 4 ELSE coalesce((` +
  ' SELECT max(CASE WHEN "family_groups"."ownerId" = ? OR "family_members"."permission" = \'admin\' THEN 3' +
  ' WHEN "family_members"."permission" = \'edit\' THEN 2 ELSE 1 END)' +
  ' FROM "group_trips" INNER JOIN "family_groups" ON "family_groups"."id" = "group_trips"."groupId"' +
  ' LEFT JOIN "family_members" ON "family_members"."groupId" = "group_trips"."groupId" AND "family_members"."email" = ' +
  '(SELECT lower("user"."email") FROM "user" WHERE "user"."id" = ? AND "user"."emailVerified" = 1)' +
  ' WHERE "group_trips"."tripId" = "trips"."id" AND ("family_groups"."ownerId" = ? OR "family_members"."id" IS NOT NULL)' +
  ' ), 0) END), "user"."name" from "trips" inner join "user" on "user"."id" = "trips"."ownerId"';
const currentTripSql =
  `${tripSelect} where (("trips"."ownerId" = ? or "trips"."id" IN (SELECT "group_trips"."tripId" FROM "group_trips" ` +
  'WHERE "group_trips"."groupId" IN (SELECT "family_groups"."id" FROM "family_groups" WHERE "family_groups"."ownerId" = ? ' +
  'UNION SELECT "family_members"."groupId" FROM "family_members" WHERE "family_members"."email" = ' +
  '(SELECT lower("user"."email") FROM "user" WHERE "user"."id" = ? AND "user"."emailVerified" = 1)))) ' +
  'and "trips"."cancelledAt" is null and "trips"."startDate" <= ? and "trips"."endDate" >= ?) ' +
  'order by "trips"."startDate" asc, "trips"."id" asc';
const tripSql = `${tripSelect} where "trips"."id" = ?`;
const eventsSql =
  'select "id", "tripId", "title", "description", "location", "date", "startTime", "endTime", "type", "status", ' +
  '"timeZone", "endDate", "endTimeZone", "endLocation", "confirmationNumber" from "events" where "events"."tripId" = ? ' +
  'order by "events"."date" asc, "events"."startTime" is null, "events"."startTime" asc, "events"."title" asc';
const accessLevels = [null, 'view', 'edit', 'admin', 'owner'] as const;
const user = ownerId;

type Row = unknown[];
type Read = { sql: string; args: InValue[] };
/** Runs reads together and answers each one's rows as arrays, with its column names. */
type Reader = (reads: Read[]) => Promise<{ columns: string[]; rows: Row[] }[]>;

function compiledReader(): Reader {
  const compiled = new Map<string, { statement: Libsql.Statement<unknown[]>; columns: string[] }>();
  const [begin, commit] = [connection.prepare('BEGIN'), connection.prepare('COMMIT')];
  const run = ({ sql, args }: Read) => {
    let found = compiled.get(sql);
    if (!found) {
      const statement = connection.prepare<unknown[]>(sql).raw(true);
      found = { statement, columns: statement.columns().map((c) => c.name) };
      compiled.set(sql, found);
    }
    return { columns: found.columns, rows: found.statement.all(...args) as Row[] };
  };
  return async (reads) => {
    if (reads.length === 1) return reads.map(run);
    // Several in one snapshot, as the API's prepared reader reads a batch.
    begin.run();
    try {
      return reads.map(run);
    } finally {
      commit.run();
    }
  };
}

async function clientReader(): Promise<Reader> {
  const client = createClient({ url: url! });
  await client.execute('PRAGMA busy_timeout = 5000');
  // Side by side, as this floor has always run them.
  return (reads) =>
    Promise.all(
      reads.map(async (r) => {
        const { columns, rows } = await client.execute(r);
        return { columns, rows: rows.map((row) => Array.from(row)) };
      }),
    );
}

const read = mode === 'compiled' ? compiledReader() : await clientReader();

/** A row of tripSelect as the API's tripSchema (keys in its order, so the bodies are byte for byte the same); undefined without access. */
function toTrip(r: Row, now: Date): Record<string, unknown> | undefined {
  const access = accessLevels[Number(r[accessAt])];
  if (!access) return undefined;
  const today = todayIn(String(r[at.timeZone]), now);
  const status =
    r[at.cancelledAt] != null
      ? 'cancelled'
      : today < String(r[at.startDate])
        ? 'upcoming'
        : today > String(r[at.endDate])
          ? 'past'
          : 'current';
  return {
    id: r[at.id],
    title: r[at.title],
    destination: r[at.destination],
    location: r[at.location],
    startDate: r[at.startDate],
    endDate: r[at.endDate],
    status,
    timeZone: r[at.timeZone],
    imageUrl: r[at.imageUrl],
    description: r[at.description],
    accommodation: r[at.accommodation],
    transportation: r[at.transportation],
    notes: r[at.notes],
    hotelPhone: r[at.hotelPhone],
    conciergePhone: r[at.conciergePhone],
    baseCurrency: r[at.baseCurrency],
    budgetTotal: r[at.budgetTotal],
    access,
    sharedBy: access === 'owner' ? null : { name: r[ownerNameAt] },
  };
}

async function currentTrip(now: Date): Promise<Record<string, unknown> | undefined> {
  const utcToday = todayIn('UTC', now);
  const args = [user, user, user, user, user, user, user, addDaysIso(utcToday, 1), addDaysIso(utcToday, -1)];
  const [{ rows } = { rows: [] }] = await read([{ sql: currentTripSql, args }]);
  // Under way where the trip is: the user's own first, then the earliest shared one.
  const underWay = rows.map((r) => toTrip(r, now)).filter((t) => t?.status === 'current');
  return underWay.find((t) => t?.access === 'owner') ?? underWay[0];
}

/** The tRPC batch answer of [trips.dayPlan] for the fixed user, or undefined when they may not see it. */
async function dayPlan(tripId: string, now: Date): Promise<string | undefined> {
  const [trip, events] = await read([
    { sql: tripSql, args: [user, user, user, user, tripId] },
    { sql: eventsSql, args: [tripId] },
  ]);
  const json = trip?.rows[0] && toTrip(trip.rows[0], now);
  if (!json || !events) return undefined;
  const eventObjects = events.rows.map((values) =>
    Object.fromEntries(events.columns.map((name, i) => [name, values[i]])),
  );
  return JSON.stringify([{ result: { data: { json: { trip: json, events: eventObjects } } } }]);
}

const dayPlanPrefix = '/day-plan/';

/** Writes the status and JSON body `make` gives, or a 500 when it fails. */
function answer(res: ServerResponse, make: () => Promise<[number, string]>) {
  make().then(
    ([status, body]) => res.writeHead(status, { 'content-type': 'application/json' }).end(body),
    (error: unknown) => {
      console.error(error);
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Internal server error"}');
    },
  );
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url?.startsWith(dayPlanPrefix)) {
    answer(res, async () => {
      const body = await dayPlan(decodeURIComponent(req.url!.slice(dayPlanPrefix.length)), new Date());
      return body === undefined ? [404, '{"message":"Trip not found"}'] : [200, body];
    });
    return;
  }
  if (req.method !== 'GET' || req.url !== '/api/trips/current') {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found","code":"NOT_FOUND"}');
    return;
  }
  answer(res, async () => {
    const trip = await currentTrip(new Date());
    return trip ? [200, JSON.stringify(trip)] : [404, '{"message":"Current trip not found","code":"NOT_FOUND"}'];
  });
});

server.listen(Number(portArg), '127.0.0.1', () => console.log(`raw handler (${mode}) on 127.0.0.1:${portArg}`));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    connection.close();
    process.exit(0);
  });
}
