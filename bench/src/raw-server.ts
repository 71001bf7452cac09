/**
 * The floor for the HTTP bench: a bare node:http handler that answers GET /api/trips/current
 * with the same SQL (through @libsql/client, no ORM), the same status rule and the same JSON
 * as the API's trips.getCurrentTrip, each done the cheapest way we know. It skips auth: the
 * user is fixed at start.
 *
 * Usage: tsx src/raw-server.ts <database url> <port> <user email>
 */
import { createServer } from 'node:http';
import { createClient } from '@libsql/client';
// The server's own date helpers: one formatting per zone and minute.
import { addDaysIso, todayIn } from '@naav/schemas/dates';

const [url, portArg, email] = process.argv.slice(2);
if (!url || !portArg || !email) throw new Error('usage: raw-server.ts <database url> <port> <user email>');

const client = createClient({ url });
await client.execute('PRAGMA busy_timeout = 5000');
const owner = await client.execute({ sql: 'select "id" from "user" where "email" = ?', args: [email] });
const ownerId = owner.rows[0]?.id;
if (typeof ownerId !== 'string') throw new Error(`no user ${email} in ${url}`);

// The statement drizzle builds for getCurrentTrip (checked with .toSQL()). When the service's
// columns change, the bench's first check (same JSON from REST, tRPC and here) fails loudly.
const currentTripSql =
  'select "id", "title", "destination", "location", "startDate", "endDate", "timeZone", "imageUrl", ' +
  '"description", "accommodation", "transportation", "notes", "hotelPhone", "conciergePhone", "baseCurrency", ' +
  '"budgetTotal", "cancelledAt" ' +
  'from "trips" where ("trips"."ownerId" = ? and "trips"."cancelledAt" is null and "trips"."startDate" <= ? ' +
  'and "trips"."endDate" >= ?) order by "trips"."startDate" asc, "trips"."id" asc';

async function currentTrip(now: Date): Promise<Record<string, unknown> | undefined> {
  const utcToday = todayIn('UTC', now);
  const { rows } = await client.execute({
    sql: currentTripSql,
    args: [ownerId as string, addDaysIso(utcToday, 1), addDaysIso(utcToday, -1)],
  });
  // Keys in the order of the API's tripSchema, so the bodies are byte for byte the same.
  for (const r of rows) {
    const today = todayIn(String(r.timeZone), now);
    if (r.cancelledAt != null || today < String(r.startDate) || today > String(r.endDate)) continue;
    return {
      id: r.id,
      title: r.title,
      destination: r.destination,
      location: r.location,
      startDate: r.startDate,
      endDate: r.endDate,
      status: 'current',
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
    };
  }
  return undefined;
}

const server = createServer((req, res) => {
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
