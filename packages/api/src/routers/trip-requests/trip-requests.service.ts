import type { Database } from '@naav/db';
import { tripRequests, user } from '@naav/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { ClientTripRequest, ClientTripRequestsInput, CreateTripRequestInput, TripRequest } from './trip-requests.schemas';

const columns = {
  id: tripRequests.id,
  destination: tripRequests.destination,
  startDate: tripRequests.startDate,
  endDate: tripRequests.endDate,
  budget: tripRequests.budget,
  travelStyle: tripRequests.travelStyle,
  activities: tripRequests.activities,
  customExperiences: tripRequests.customExperiences,
  notes: tripRequests.notes,
  adults: tripRequests.adults,
  children: tripRequests.children,
  rooms: tripRequests.rooms,
  status: tripRequests.status,
  createdAt: tripRequests.createdAt,
};

const toTripRequest = (row: Omit<TripRequest, 'createdAt'> & { createdAt: Date }): TripRequest => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function createTripRequest(
  db: Database,
  actor: Actor,
  input: CreateTripRequestInput,
  now: Date,
): Promise<TripRequest> {
  const [row] = await db
    .insert(tripRequests)
    .values({ ...input, ownerId: actor.id, createdAt: now })
    .returning(columns);
  if (!row) throw new Error('insert returned no row');
  return toTripRequest(row);
}

/** The actor's requests, newest first. */
export async function listTripRequests(db: Database, actor: Actor): Promise<TripRequest[]> {
  const rows = await db
    .select(columns)
    .from(tripRequests)
    .where(eq(tripRequests.ownerId, actor.id))
    .orderBy(desc(tripRequests.createdAt), desc(tripRequests.id));
  return rows.map(toTripRequest);
}

/** Every client's requests (or one client's), newest first, with the client's name: for agents. */
export async function listClientTripRequests(db: Database, filter: ClientTripRequestsInput): Promise<ClientTripRequest[]> {
  const rows = await db
    .select({ ...columns, clientId: tripRequests.ownerId, clientName: user.name })
    .from(tripRequests)
    .innerJoin(user, eq(user.id, tripRequests.ownerId))
    .where(and(eq(user.role, 'client'), filter.clientId ? eq(tripRequests.ownerId, filter.clientId) : undefined))
    .orderBy(desc(tripRequests.createdAt), desc(tripRequests.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
