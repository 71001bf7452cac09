import type { Database } from '@naav/db';
import { availability, occasions, tripRequests, user } from '@naav/db/schema';
import { and, asc, desc, eq, gte, inArray, isNull, type Column, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Actor } from '../../context';
import { NotFoundError, ValidationError } from '../../errors';
import { assertClientInScope, clientScope } from '../../lib/agent-scope';
import { auditInsert } from '../../lib/audit';
import { availabilityColumns, toAvailability } from '../availability/availability.service';
import { isoDay, occasionColumns, toOccasion } from '../occasions/occasions.service';
import type { Client, ClientAvailability, ClientFilterInput, ClientOccasion, ClientOverview } from './clients.schemas';

const agentUser = alias(user, 'client_agent');

async function selectClients(db: Database, where: SQL | undefined): Promise<Client[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, agentId: agentUser.id, agentName: agentUser.name })
    .from(user)
    .leftJoin(agentUser, eq(agentUser.id, user.agentId))
    .where(and(eq(user.role, 'client'), where))
    .orderBy(asc(user.name), asc(user.id));
  return rows.map(({ agentId, agentName, ...client }) => ({
    ...client,
    agent: agentId && agentName !== null ? { id: agentId, name: agentName } : null,
  }));
}

/** Every traveller the agent can plan for: their own clients and the unassigned ones (an admin: all). */
export const listClients = (db: Database, actor: Actor): Promise<Client[]> =>
  selectClients(db, clientScope(actor, user.id));

/**
 * Assigns a client to an agent (or an admin), or unassigns them with null. The client must be in
 * the caller's scope (NOT_FOUND otherwise); the agent must be on the travel team (400 naming agentId).
 */
export async function assignAgent(
  db: Database,
  actor: Actor,
  input: { id: string; agentId: string | null },
  clientAddress: string,
  now: Date,
): Promise<Client> {
  await assertClientInScope(db, actor, input.id);
  let agentName = 'nobody';
  if (input.agentId !== null) {
    const [agent] = await db
      .select({ name: user.name })
      .from(user)
      .where(and(eq(user.id, input.agentId), inArray(user.role, ['agent', 'admin']), isNull(user.deactivatedAt)));
    if (!agent) throw new ValidationError('agentId', 'Choose a travel agent');
    agentName = agent.name;
  }
  await db.batch([
    db.update(user).set({ agentId: input.agentId, updatedAt: now }).where(eq(user.id, input.id)),
    auditInsert(db, {
      actor,
      targetId: input.id,
      action: 'client.agent-assigned',
      clientAddress,
      summary: `client assigned to ${agentName}`,
      at: now,
    }),
  ]);
  const [client] = await selectClients(db, eq(user.id, input.id));
  if (!client) throw new NotFoundError('Client');
  return client;
}

const clientsOnly = (actor: Actor, userId: Column, filter: ClientFilterInput) =>
  and(eq(user.role, 'client'), filter.clientId ? eq(userId, filter.clientId) : undefined, clientScope(actor, user.id));

/**
 * The rows of `owner`'s table that belong to the clients in the agent's scope (or to the one client
 * the filter names, NOT_FOUND when out of scope), in `order`, each with the client's name.
 */
async function rowsOfClients<C extends SelectedFields>(
  db: Database,
  actor: Actor,
  filter: ClientFilterInput,
  owner: SQLiteColumn,
  columns: C,
  order: SQL[],
) {
  if (filter.clientId) await assertClientInScope(db, actor, filter.clientId);
  return db
    .select({ ...columns, clientName: user.name })
    .from(owner.table)
    .innerJoin(user, eq(user.id, owner))
    .where(clientsOnly(actor, owner, filter))
    .orderBy(...order);
}

/** Every client's availability windows (or one client's), earliest first, with the client's name. */
export async function listClientsAvailability(
  db: Database,
  actor: Actor,
  filter: ClientFilterInput,
): Promise<ClientAvailability[]> {
  const rows = await rowsOfClients(db, actor, filter, availability.userId, availabilityColumns, [
    asc(availability.startDate),
    asc(availability.endDate),
    asc(availability.id),
  ]);
  return rows.map(({ clientName, ...row }) => ({ ...toAvailability(row), clientId: row.userId, clientName }));
}

/** Every client's special occasions (or one client's), by date, with the client's name. */
export async function listClientsOccasions(
  db: Database,
  actor: Actor,
  filter: ClientFilterInput,
  now: Date,
): Promise<ClientOccasion[]> {
  const rows = await rowsOfClients(db, actor, filter, occasions.userId, occasionColumns, [
    asc(occasions.date),
    asc(occasions.id),
  ]);
  const today = isoDay(now);
  return rows.map(({ clientName, ...row }) => ({ ...toOccasion(row, today), clientId: row.userId, clientName }));
}

/** Each client with what an agent plans from: upcoming windows, the next occasion, open requests. */
export async function listClientOverviews(db: Database, actor: Actor, now: Date): Promise<ClientOverview[]> {
  const today = isoDay(now);
  const [clients, windows, occasionRows, requests] = await Promise.all([
    listClients(db, actor),
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
