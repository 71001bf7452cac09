import type { Database } from '@naav/db';
import { availability, occasions, tripRequests, user } from '@naav/db/schema';
import { and, asc, desc, eq, gte, type Column } from 'drizzle-orm';
import { availabilityColumns, toAvailability } from '../availability/availability.service';
import { isoDay, occasionColumns, toOccasion } from '../occasions/occasions.service';
import type { Client, ClientAvailability, ClientFilterInput, ClientOccasion, ClientOverview } from './clients.schemas';

/** Every traveller an agent can plan for. */
export async function listClients(db: Database): Promise<Client[]> {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.role, 'client'))
    .orderBy(asc(user.name), asc(user.id));
}

const clientsOnly = (userId: Column, filter: ClientFilterInput) =>
  and(eq(user.role, 'client'), filter.clientId ? eq(userId, filter.clientId) : undefined);

/** Every client's availability windows (or one client's), earliest first, with the client's name. */
export async function listClientsAvailability(db: Database, filter: ClientFilterInput): Promise<ClientAvailability[]> {
  const rows = await db
    .select({ ...availabilityColumns, clientName: user.name })
    .from(availability)
    .innerJoin(user, eq(user.id, availability.userId))
    .where(clientsOnly(availability.userId, filter))
    .orderBy(asc(availability.startDate), asc(availability.endDate), asc(availability.id));
  return rows.map(({ clientName, ...row }) => ({ ...toAvailability(row), clientId: row.userId, clientName }));
}

/** Every client's special occasions (or one client's), by date, with the client's name. */
export async function listClientsOccasions(
  db: Database,
  filter: ClientFilterInput,
  now: Date,
): Promise<ClientOccasion[]> {
  const rows = await db
    .select({ ...occasionColumns, clientName: user.name })
    .from(occasions)
    .innerJoin(user, eq(user.id, occasions.userId))
    .where(clientsOnly(occasions.userId, filter))
    .orderBy(asc(occasions.date), asc(occasions.id));
  const today = isoDay(now);
  return rows.map(({ clientName, ...row }) => ({ ...toOccasion(row, today), clientId: row.userId, clientName }));
}

/** Each client with what an agent plans from: upcoming windows, the next occasion, open requests. */
export async function listClientOverviews(db: Database, now: Date): Promise<ClientOverview[]> {
  const today = isoDay(now);
  const [clients, windows, occasionRows, requests] = await Promise.all([
    listClients(db),
    db
      .select(availabilityColumns)
      .from(availability)
      .where(gte(availability.endDate, today))
      .orderBy(asc(availability.startDate), asc(availability.id)),
    db.select(occasionColumns).from(occasions).orderBy(asc(occasions.date), asc(occasions.id)),
    db
      .select({
        id: tripRequests.id,
        ownerId: tripRequests.ownerId,
        destination: tripRequests.destination,
        startDate: tripRequests.startDate,
        endDate: tripRequests.endDate,
        createdAt: tripRequests.createdAt,
      })
      .from(tripRequests)
      .where(eq(tripRequests.status, 'requested'))
      .orderBy(desc(tripRequests.createdAt), desc(tripRequests.id)),
  ]);
  return clients.map((client) => {
    const next = occasionRows
      .filter((o) => o.userId === client.id)
      .map((o) => toOccasion(o, today))
      .filter((o) => o.nextDate !== null)
      .sort((a, b) => (a.nextDate ?? '').localeCompare(b.nextDate ?? '') || a.id.localeCompare(b.id))[0];
    return {
      ...client,
      upcomingAvailability: windows.filter((w) => w.userId === client.id).map(toAvailability),
      nextOccasion: next ?? null,
      openTripRequests: requests
        .filter((r) => r.ownerId === client.id)
        .map(({ ownerId: _owner, createdAt, ...r }) => ({ ...r, createdAt: createdAt.toISOString() })),
    };
  });
}
