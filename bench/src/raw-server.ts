/**
 * The floor for the HTTP bench: a bare node:http handler that answers GET /api/trips/current
 * with the same SQL (through @libsql/client, no ORM), the same status rule and the same JSON
 * as the API's trips.getCurrentTrip, each done the cheapest way we know. It skips auth: the
 * user is fixed at start.
 *
 * GET /day-plan/<trip id> is the floor of a trip's day plan as the trip page loads it (trips.dayPlan
 * in the page's tRPC batch): the same two statements the API runs for it (the trip with the user's
 * access to it, and its events), and the same JSON as the batch's answer.
 *
 * Usage: tsx src/raw-server.ts <database url> <port> <user email>
 */
import { createServer } from 'node:http';
import { createClient, type Row } from '@libsql/client';
// The server's own date helpers: one formatting per zone and minute.
import { addDaysIso, todayIn } from '@naav/schemas/dates';

const [url, portArg, email] = process.argv.slice(2);
if (!url || !portArg || !email) throw new Error('usage: raw-server.ts <database url> <port> <user email>');

const client = createClient({ url });
await client.execute('PRAGMA busy_timeout = 5000');
const owner = await client.execute({ sql: 'select "id" from "user" where "email" = ?', args: [email] });
const ownerId = owner.rows[0]?.id;
if (typeof ownerId !== 'string') throw new Error(`no user ${email} in ${url}`);

// The statements drizzle builds for getCurrentTrip, getTrip and listTripEvents' rows (checked with
// .toSQL()): a trip's columns, the user's access rank and its owner's name. When the service's
// columns change, the bench's first checks (same JSON from REST, tRPC and here) fail loudly.
const tripColumns = [
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
]
  .map((column) => `"trips"."${column}"`)
  .join(', ');
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

/** A row of tripSelect as the API's tripSchema (keys in its order, so the bodies are byte for byte the same); undefined without access. */
function toTrip(r: Row, now: Date): Record<string, unknown> | undefined {
  const access = accessLevels[Number(r[17])];
  if (!access) return undefined;
  const today = todayIn(String(r.timeZone), now);
  const status =
    r.cancelledAt != null
      ? 'cancelled'
      : today < String(r.startDate)
        ? 'upcoming'
        : today > String(r.endDate)
          ? 'past'
          : 'current';
  return {
    id: r.id,
    title: r.title,
    destination: r.destination,
    location: r.location,
    startDate: r.startDate,
    endDate: r.endDate,
    status,
    timeZone: r.timeZone,
    imageUrl: r.imageUrl,
    description: r.description,
    accommodation: r.accommodation,
    transportation: r.transportation,
    notes: r.notes,
    hotelPhone: r.hotelPhone,
    conciergePhone: r.conciergePhone,
    baseCurrency: r.baseCurrency,
    budgetTotal: r.budgetTotal,
    access,
    sharedBy: access === 'owner' ? null : { name: r[18] },
  };
}

async function currentTrip(now: Date): Promise<Record<string, unknown> | undefined> {
  const utcToday = todayIn('UTC', now);
  const { rows } = await client.execute({
    sql: currentTripSql,
    args: [user, user, user, user, user, user, user, addDaysIso(utcToday, 1), addDaysIso(utcToday, -1)],
  });
  // Under way where the trip is: the user's own first, then the earliest shared one.
  const underWay = rows.map((r) => toTrip(r, now)).filter((t) => t?.status === 'current');
  return underWay.find((t) => t?.access === 'owner') ?? underWay[0];
}

/** The tRPC batch answer of [trips.dayPlan] for the fixed user, or undefined when they may not see it. */
async function dayPlan(tripId: string, now: Date): Promise<string | undefined> {
  const [trip, found] = await Promise.all([
    client.execute({ sql: tripSql, args: [user, user, user, user, tripId] }),
    client.execute({ sql: eventsSql, args: [tripId] }),
  ]);
  const json = trip.rows[0] && toTrip(trip.rows[0], now);
  if (!json) return undefined;
  return JSON.stringify([{ result: { data: { json: { trip: json, events: found.rows } } } }]);
}

const dayPlanPrefix = '/day-plan/';

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url?.startsWith(dayPlanPrefix)) {
    dayPlan(decodeURIComponent(req.url.slice(dayPlanPrefix.length)), new Date()).then(
      (body) => {
        if (body === undefined) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Trip not found"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      },
      (error: unknown) => {
        console.error(error);
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Internal server error"}');
      },
    );
    return;
  }
  if (req.method !== 'GET' || req.url !== '/api/trips/current') {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found","code":"NOT_FOUND"}');
    return;
  }
  currentTrip(new Date()).then(
    (trip) => {
      if (!trip) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"message":"Current trip not found","code":"NOT_FOUND"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(trip));
    },
    (error: unknown) => {
      console.error(error);
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"Internal server error"}');
    },
  );
});

server.listen(Number(portArg), '127.0.0.1', () => console.log(`raw handler on 127.0.0.1:${portArg}`));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    client.close();
    process.exit(0);
  });
}
