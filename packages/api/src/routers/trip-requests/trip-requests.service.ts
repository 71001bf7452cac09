import type { Database } from '@naav/db';
import { proposals, tripRequests, user } from '@naav/db/schema';
import { and, desc, eq, gt, inArray, ne, or } from 'drizzle-orm';
import { assertClientInScope, clientScope } from '../../lib/agent-scope';
import type { Actor } from '../../context';
import { timeZoneOf } from '../../lib/places';
import type {
  ClientTripRequest,
  ClientTripRequestsInput,
  CreateTripRequestInput,
  TripRequest,
} from './trip-requests.schemas';

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
  timeZone: tripRequests.timeZone,
  status: tripRequests.status,
  createdAt: tripRequests.createdAt,
};

type Row = Omit<TripRequest, 'createdAt' | 'proposalId'> & { createdAt: Date };

/**
 * Each request with the proposal that answers it: the latest one submitted at least once
 * (what its client can open), in one query for the whole list.
 */
async function withProposals<R extends Row>(
  db: Database,
  rows: R[],
): Promise<(Omit<R, 'createdAt'> & { createdAt: string; proposalId: string | null })[]> {
  const sent =
    rows.length === 0
      ? []
      : await db
          .select({ id: proposals.id, tripRequestId: proposals.tripRequestId })
          .from(proposals)
          .where(
            and(
              inArray(
                proposals.tripRequestId,
                rows.map((r) => r.id),
              ),
              or(ne(proposals.status, 'draft'), gt(proposals.version, 0)),
            ),
          )
          .orderBy(desc(proposals.updatedAt), desc(proposals.id));
  const latest = new Map<string, string>();
  for (const p of sent) if (p.tripRequestId && !latest.has(p.tripRequestId)) latest.set(p.tripRequestId, p.id);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    proposalId: latest.get(row.id) ?? null,
  }));
}

export async function createTripRequest(
  db: Database,
  actor: Actor,
  input: CreateTripRequestInput,
  now: Date,
): Promise<TripRequest> {
  const [row] = await db
    .insert(tripRequests)
    .values({ ...input, timeZone: input.timeZone ?? timeZoneOf(input.destination), ownerId: actor.id, createdAt: now })
    .returning(columns);
  if (!row) throw new Error('insert returned no row');
  return { ...row, createdAt: row.createdAt.toISOString(), proposalId: null };
}

/** The actor's requests, newest first. */
export async function listTripRequests(db: Database, actor: Actor): Promise<TripRequest[]> {
  const rows = await db
    .select(columns)
    .from(tripRequests)
    .where(eq(tripRequests.ownerId, actor.id))
    .orderBy(desc(tripRequests.createdAt), desc(tripRequests.id));
  return withProposals(db, rows);
}

/** Every client's requests (or one client's), newest first, with the client's name: for agents. */
export async function listClientTripRequests(
  db: Database,
  actor: Actor,
  filter: ClientTripRequestsInput,
): Promise<ClientTripRequest[]> {
  if (filter.clientId) await assertClientInScope(db, actor, filter.clientId);
  const rows = await db
    .select({ ...columns, clientId: tripRequests.ownerId, clientName: user.name })
    .from(tripRequests)
    .innerJoin(user, eq(user.id, tripRequests.ownerId))
    .where(
      and(
        eq(user.role, 'client'),
        filter.clientId ? eq(tripRequests.ownerId, filter.clientId) : undefined,
        clientScope(actor, tripRequests.ownerId),
      ),
    )
    .orderBy(desc(tripRequests.createdAt), desc(tripRequests.id));
  return withProposals(db, rows);
}
