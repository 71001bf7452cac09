import type { Database } from '@naav/db';
import {
  apiTokens,
  availability,
  companions,
  events,
  expenses,
  familyGroups,
  familyMembers,
  inspirations,
  interestCategories,
  interests,
  occasions,
  packingItems,
  packingTemplates,
  photos,
  proposals,
  session,
  todos,
  travelDocuments,
  travels,
  trips,
  user,
  webhookEndpoints,
  webhookMessages,
  wishlistItems,
  notifications,
} from '@naav/db/schema';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Actor } from './context';
import { ForbiddenError, NotFoundError } from './errors';
import { appRouter, publicProcedurePaths } from './root';
import { filesRouter } from './routers/files/files.router';
import type { PhotoStore } from './routers/photos/photo-store';
import {
  accessTagProblems,
  authBeforeInputProblems,
  ownershipProblems,
  proceduresOf,
  roleProblems,
  scopeProblems,
  signedOutProblems,
  unmappedScopePaths,
  type OwnedIdEntry,
  type OwnedIdQuery,
} from './test-support/authorization-sweep';
import { snapshotChanges, snapshotDatabase } from './test-support/db-snapshot';
import { actors, addAdmin, callerFor, createSeededDatabase, solidImage } from './testing';
import { authedProcedure, publicProcedure, router } from './trpc';

// The sweep walks appRouter by introspection: a new procedure is checked the moment it is
// mounted in root.ts. What it needs from a developer is at most one line in `ownedIds`.

// 13:00 in Lisbon: the demo's Lisbon trip is under way.
const NOW = new Date('2025-06-15T12:00:00Z');
const now = () => NOW;

const firstId = async (rows: Promise<{ id: string }[]>) => (await rows)[0]?.id;

// The owner's trip with the most events (the Lisbon trip for the demo traveller), so the
// lists under it are not empty and its events and companions belong to it.
const ownedTrip: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: trips.id })
      .from(trips)
      .leftJoin(events, eq(events.tripId, trips.id))
      .where(eq(trips.ownerId, ownerId))
      .groupBy(trips.id)
      .orderBy(desc(count(events.id)), asc(trips.id))
      .limit(1),
  );
const ownedTravel: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db.select({ id: travels.id }).from(travels).where(eq(travels.ownerId, ownerId)).orderBy(asc(travels.id)).limit(1),
  );
const ownedEvent: OwnedIdQuery = async (db, ownerId) => {
  const tripId = await ownedTrip(db, ownerId);
  return (
    tripId &&
    firstId(db.select({ id: events.id }).from(events).where(eq(events.tripId, tripId)).orderBy(asc(events.id)).limit(1))
  );
};
const ownedCompanion: OwnedIdQuery = async (db, ownerId) => {
  const tripId = await ownedTrip(db, ownerId);
  return (
    tripId &&
    firstId(
      db
        .select({ id: companions.id })
        .from(companions)
        .where(eq(companions.tripId, tripId))
        .orderBy(asc(companions.id))
        .limit(1),
    )
  );
};
// The demo has no photos (each would need a file): the entry adds a row, without a file, to
// the owner's trip, under an id that is the same in every fresh database.
const ownedPhoto: OwnedIdQuery = async (db, ownerId) => {
  const tripId = await ownedTrip(db, ownerId);
  if (!tripId) return undefined;
  const id = `photo-sweep-${tripId}`;
  await db
    .insert(photos)
    .values({ id, tripId, fileName: 'sweep.png', contentType: 'image/png', sizeBytes: 1, storageKey: `${id}.png` })
    .onConflictDoNothing();
  return id;
};
// Nobody is signed in in the seed: the entry adds a session of the owner's.
const ownedSession: OwnedIdQuery = async (db, ownerId) => {
  const id = `session-sweep-${ownerId}`;
  const at = new Date('2025-06-15T11:00:00Z');
  await db
    .insert(session)
    .values({
      id,
      token: `token-${id}`,
      userId: ownerId,
      createdAt: at,
      updatedAt: at,
      expiresAt: new Date('2025-06-16T11:00:00Z'),
    })
    .onConflictDoNothing();
  return id;
};
// Nobody asked for an export in the seed: the entry adds a ready one (its link's token is 'sweep-token').
const ownedExport: OwnedIdQuery = async (db, ownerId) => {
  const id = `export-sweep-${ownerId}`;
  await db.$client.execute({
    sql: `INSERT OR IGNORE INTO export_jobs (id, "userId", status, token, archive, "sizeBytes", "expiresAt")
          VALUES (?, ?, 'ready', 'sweep-token', x'00', 1, ?)`,
    args: [id, ownerId, new Date('2025-06-16T11:00:00Z').getTime()],
  });
  return id;
};
// Nobody has a token in the seed: the entry adds one of the owner's.
const ownedToken: OwnedIdQuery = async (db, ownerId) => {
  const id = `token-sweep-${ownerId}`;
  await db
    .insert(apiTokens)
    .values({ id, userId: ownerId, name: 'Sweep', tokenHash: `hash-${id}`, hint: 'naav_swee', scopes: ['trips:read'] })
    .onConflictDoNothing();
  return id;
};
// Nor a webhook: the entry adds one of the owner's, with one queued event.
const ownedWebhook: OwnedIdQuery = async (db, ownerId) => {
  const id = `webhook-sweep-${ownerId}`;
  await db
    .insert(webhookEndpoints)
    .values({ id, userId: ownerId, url: 'https://hooks.example.org/sweep', events: ['*'], secret: 'whsec_c3dlZXA=' })
    .onConflictDoNothing();
  const at = new Date('2025-06-15T11:00:00Z');
  await db
    .insert(webhookMessages)
    .values({
      id: `msg_sweep_${ownerId}`,
      endpointId: id,
      eventType: 'webhook.test',
      payload: '{}',
      status: 'delivered',
      createdAt: at,
      nextAttemptAt: at,
      retryUntil: at,
    })
    .onConflictDoNothing();
  return id;
};
const ownedWebhookMessage: OwnedIdQuery = async (db, ownerId) => {
  await ownedWebhook(db, ownerId);
  return `msg_sweep_${ownerId}`;
};
const ownedAvailability: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: availability.id })
      .from(availability)
      .where(eq(availability.userId, ownerId))
      .orderBy(asc(availability.id))
      .limit(1),
  );
const ownedOccasion: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: occasions.id })
      .from(occasions)
      .where(eq(occasions.userId, ownerId))
      .orderBy(asc(occasions.id))
      .limit(1),
  );
const ownedGroup: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: familyGroups.id })
      .from(familyGroups)
      .where(eq(familyGroups.ownerId, ownerId))
      .orderBy(asc(familyGroups.id))
      .limit(1),
  );
const ownedMember: OwnedIdQuery = async (db, ownerId) => {
  const groupId = await ownedGroup(db, ownerId);
  return (
    groupId &&
    firstId(
      db
        .select({ id: familyMembers.id })
        .from(familyMembers)
        .where(eq(familyMembers.groupId, groupId))
        .orderBy(asc(familyMembers.id))
        .limit(1),
    )
  );
};
// A group someone else owns with the owner as a member, so the owner can leave it (the demo
// traveller owns every seeded group): made here when there is none.
const memberOfGroup: OwnedIdQuery = async (db, ownerId) => {
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, ownerId));
  if (!owner) return undefined;
  const email = owner.email.toLowerCase();
  const [existing] = await db
    .select({ id: familyGroups.id })
    .from(familyMembers)
    .innerJoin(familyGroups, eq(familyGroups.id, familyMembers.groupId))
    .where(and(eq(familyMembers.email, email), ne(familyGroups.ownerId, ownerId)))
    .orderBy(asc(familyGroups.id))
    .limit(1);
  if (existing) return existing.id;
  const [agent] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, 'agent'))
    .orderBy(asc(user.id))
    .limit(1);
  if (!agent) return undefined;
  const [group] = await db
    .insert(familyGroups)
    .values({ ownerId: agent.id, name: 'Travel desk friends' })
    .returning({ id: familyGroups.id });
  if (!group) return undefined;
  await db.insert(familyMembers).values({ groupId: group.id, name: 'Member', email });
  return group.id;
};
// A proposal awaiting the owner's decision, so every client action on it can succeed.
const ownedProposal: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.userId, ownerId), inArray(proposals.status, ['submitted', 'reviewing'])))
      .orderBy(asc(proposals.id))
      .limit(1),
  );
const ownedInterest: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: interests.id })
      .from(interests)
      .where(eq(interests.userId, ownerId))
      .orderBy(asc(interests.id))
      .limit(1),
  );
const ownedWishlistItem: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: wishlistItems.id })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, ownerId))
      .orderBy(asc(wishlistItems.id))
      .limit(1),
  );
const ownedDocument: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: travelDocuments.id })
      .from(travelDocuments)
      .where(eq(travelDocuments.userId, ownerId))
      .orderBy(asc(travelDocuments.id))
      .limit(1),
  );
// Interest categories are a catalogue with numeric ids (the documented payloads send numbers).
const anyInterestCategory = {
  shared: async (db: Database) => {
    const [row] = await db
      .select({ id: interestCategories.id })
      .from(interestCategories)
      .orderBy(asc(interestCategories.id))
      .limit(1);
    return row && String(row.id);
  },
};
const ownedExpense: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: expenses.id })
      .from(expenses)
      .innerJoin(trips, eq(trips.id, expenses.tripId))
      .where(eq(trips.ownerId, ownerId))
      .orderBy(asc(expenses.id))
      .limit(1),
  );
const ownedPackingItem: OwnedIdQuery = async (db, ownerId) => {
  const tripId = await ownedTrip(db, ownerId);
  return (
    tripId &&
    firstId(
      db
        .select({ id: packingItems.id })
        .from(packingItems)
        .where(eq(packingItems.tripId, tripId))
        .orderBy(asc(packingItems.id))
        .limit(1),
    )
  );
};
const ownedTodo: OwnedIdQuery = async (db, ownerId) => {
  const tripId = await ownedTrip(db, ownerId);
  return (
    tripId &&
    firstId(db.select({ id: todos.id }).from(todos).where(eq(todos.tripId, tripId)).orderBy(asc(todos.id)).limit(1))
  );
};
const ownedPackingTemplate: OwnedIdQuery = (db, ownerId) =>
  firstId(
    db
      .select({ id: packingTemplates.id })
      .from(packingTemplates)
      .where(eq(packingTemplates.ownerId, ownerId))
      .orderBy(asc(packingTemplates.id))
      .limit(1),
  );
// A notice of the owner's (the seed writes none: everyone's inbox starts empty), made here when there is none.
const ownedNotice: OwnedIdQuery = async (db, ownerId) => {
  const mine = await firstId(
    db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, ownerId)).limit(1),
  );
  if (mine) return mine;
  return firstId(
    db
      .insert(notifications)
      .values({ userId: ownerId, kind: 'proposal_new', title: 'New proposal', link: '/travel-planner' })
      .returning({ id: notifications.id }),
  );
};
const anyInspiration = {
  shared: (db: Database) =>
    firstId(db.select({ id: inspirations.id }).from(inspirations).orderBy(asc(inspirations.id)).limit(1)),
};

/**
 * For every kind of id a procedure can take: a row owned by the given user. The sweep
 * looks an input key up as "<path>.<key>" (e.g. 'trips.byId.id'), then, for `id`, as the
 * router namespace ('trips'), and for `somethingId` as the key itself ('tripId').
 * A new domain adds a line here; the sweep fails, saying which, until it does.
 */
const ownedIds: Record<string, OwnedIdEntry> = {
  trips: ownedTrip,
  me: ownedExport,
  tripId: ownedTrip,
  journal: ownedTravel,
  travelId: ownedTravel,
  events: ownedEvent,
  eventId: ownedEvent,
  // events.create and companions.create add to a trip (POST /api/trips/{id}/events, …/companions).
  'events.create.id': ownedTrip,
  'companions.create.id': ownedTrip,
  companions: ownedCompanion,
  companionId: ownedCompanion,
  photos: ownedPhoto,
  photoId: ownedPhoto,
  // photos.list takes the trip's id (GET /api/trips/{id}/photos), not a photo's.
  'photos.list.id': ownedTrip,
  // The catalogue belongs to nobody: every signed-in user reads every row.
  inspirations: anyInspiration,
  inspirationId: anyInspiration,
  availability: ownedAvailability,
  availabilityId: ownedAvailability,
  occasions: ownedOccasion,
  occasionId: ownedOccasion,
  family: ownedGroup,
  groupId: ownedGroup,
  memberId: ownedMember,
  'family.leaveGroup.id': memberOfGroup,
  // family.tripAccess takes a trip's id (GET /api/family/trip-access/{id}), not a group's.
  'family.tripAccess.id': ownedTrip,
  'family.shareTripWithPerson.id': ownedTrip,
  proposals: ownedProposal,
  notifications: ownedNotice,
  proposalId: ownedProposal,
  // A position in the change feed, which belongs to nobody (what it shows is checked by topic).
  'live.changes.lastEventId': { shared: async () => '0' },
  interests: ownedInterest,
  interestId: ownedInterest,
  'interests.create.categoryId': anyInterestCategory,
  'interests.update.categoryId': anyInterestCategory,
  wishlist: ownedWishlistItem,
  wishlistItemId: ownedWishlistItem,
  documents: ownedDocument,
  documentId: ownedDocument,
  sessions: ownedSession,
  tokens: ownedToken,
  webhooks: ownedWebhook,
  'webhooks.redeliver.messageId': ownedWebhookMessage,
  // The warnings of one trip (GET /api/documents/trip-warnings?tripId=) take a trip's id.
  'documents.tripWarnings.tripId': ownedTrip,
  expenses: ownedExpense,
  // The expense lists take the trip's id (GET /api/trips/{id}/expenses).
  'expenses.list.id': ownedTrip,
  'expenses.search.id': ownedTrip,
  // The budget procedures are all about a trip (PATCH /api/trips/{id}/budget, …).
  budget: ownedTrip,
  // Participants, balances and settlements are a trip's (GET /api/trips/{id}/balances, …).
  balances: ownedTrip,
  // Budget categories are a fixed list (ids 1–9) every signed-in user reads.
  categoryId: { shared: async () => '1' },
  // Bookings are read into and imported into a trip (POST /api/trips/{id}/bookings…).
  'bookings.preview.id': ownedTrip,
  'bookings.import.id': ownedTrip,
  // The journal's `tripId` only narrows the caller's own travels (the entry a trip became):
  // another's trip id matches nothing, as an unknown one does (journal-paging.test.ts).
  'journal.page.tripId': { shared: (db) => ownedTrip(db, 'user-traveller') },
  'journal.pins.tripId': { shared: (db) => ownedTrip(db, 'user-traveller') },
  // A trip's activity by one person (GET /api/trips/{id}/activity?actorId=): a user id only narrows the trip's own lines.
  'trips.activity.actorId': { shared: async () => 'user-traveller' },
  packing: ownedPackingItem,
  todos: ownedTodo,
  // The lists and what adds to them take the trip's id (GET, POST /api/trips/{id}/packing, …/todos).
  'packing.list.id': ownedTrip,
  'packing.people.id': ownedTrip,
  'packing.create.id': ownedTrip,
  'packing.fromTemplate.id': ownedTrip,
  'todos.list.id': ownedTrip,
  'todos.create.id': ownedTrip,
  templateId: ownedPackingTemplate,
  // Who brings an item is a person on the trip (the owner here), checked as a field (400 naming
  // assigneeId), not a row anyone owns: the trip or item id decides the NOT_FOUND.
  assigneeId: { shared: async () => 'user-traveller' },
};

/**
 * Inputs the sweep cannot generate from the schema alone (a rule that depends on stored
 * data, say an event date inside its trip): path → the input, given the ids it must use.
 */
const expenseSample = (ids: Record<string, string>, tripId?: string) => ({
  ...ids,
  ...(tripId ? { tripId } : {}),
  title: 'Sweep sample',
  amount: 1000,
  currency: 'EUR',
  categoryId: Number(ids.categoryId ?? 1),
  date: NOW.toISOString().slice(0, 10),
});
const sampleInputs: Record<string, (ids: Record<string, string>) => unknown> = {
  // Category ids are numbers (1–9).
  'expenses.create': (ids) => expenseSample(ids),
  // The owner's own list of trips: a topic the other traveller may not follow.
  'live.changes': (ids) => ({ ...ids, topics: ['trips:user-traveller'] }),
  'expenses.update': (ids) => expenseSample(ids),
  // A payment between two people of the owner's trip (the owner and one of its companions).
  'balances.settle': (ids) => ({
    ...ids,
    from: 'user:user-traveller',
    to: 'companion:companion-jamie',
    amount: 1000,
    currency: 'EUR',
    date: NOW.toISOString().slice(0, 10),
  }),
  'budget.setCategoryBudgets': (ids) => ({ ...ids, allocations: [{ categoryId: 1, amount: 1000 }] }),
  // An event's day must fall within its trip: the owner's trip (Lisbon) includes NOW.
  'events.create': (ids) => ({ ...ids, title: 'Sweep sample', type: 'activity', date: NOW.toISOString().slice(0, 10) }),
  // Text that holds a booking, and a booking on a day of the trip.
  'bookings.preview': (ids) => ({
    ...ids,
    text: `<script type="application/ld+json">{"@type":"EventReservation","reservationFor":{"@type":"Event","name":"Sweep sample","startDate":"${NOW.toISOString().slice(0, 10)}"}}</script>`,
  }),
  // A person to share the owner's trip with.
  'family.shareTripWithPerson': (ids) => ({
    ...ids,
    name: 'Sweep sample',
    email: 'sweep@example.test',
    permissions: ['view'],
  }),
  'bookings.import': (ids) => ({
    ...ids,
    bookings: [{ type: 'event', title: 'Sweep sample', start: NOW.toISOString().slice(0, 10) }],
  }),
};

const owner = actors.traveller;
const other = actors.traveller2;
const seeded = () => createSeededDatabase(NOW);

let db: Database;
beforeAll(async () => {
  db = await seeded();
  await addAdmin(db);
});

// Every procedure, several callers each: seconds on an idle machine, far more on a busy one.
describe('authorisation sweep over every procedure of appRouter', { timeout: 600_000 }, () => {
  it('finds the procedures by introspection', () => {
    const paths = proceduresOf(appRouter).map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['system.health', 'trips.byId', 'clients.list']));
    expect(paths.length).toBeGreaterThanOrEqual(12);
  });

  it("tags each procedure 'public', 'authed', 'agent' or 'admin' as its middlewares are; the public ones are exactly publicProcedurePaths", () => {
    expect(accessTagProblems(appRouter, publicProcedurePaths)).toEqual([]);
  });

  it('signed out, every procedure but the public ones is UNAUTHORIZED, the public ones are not, and nothing changes', async () => {
    const before = await snapshotDatabase(db);
    expect(await signedOutProblems({ router: appRouter, db, now }, publicProcedurePaths)).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('checks the session before parsing the input (so undefined input is a fair probe)', async () => {
    const { problems, checked } = await authBeforeInputProblems(
      { router: appRouter, db, now },
      { authed: owner, agent: actors.agent, admin: actors.admin },
    );
    expect(problems).toEqual([]);
    // Not vacuous: procedures with a required input exist and were probed.
    expect(checked).toEqual(expect.arrayContaining(['trips.byId', 'trips.events', 'trips.companions']));
  });

  it('admin procedures are FORBIDDEN to a client and an agent; agent procedures to a client; the others are open to any client', async () => {
    const before = await snapshotDatabase(db);
    expect(
      await roleProblems({ router: appRouter, db, now }, { client: owner, agent: actors.agent, admin: actors.admin }),
    ).toEqual([]);
    expect(proceduresOf(appRouter).some((p) => p.access === 'agent')).toBe(true);
    expect(
      proceduresOf(appRouter)
        .filter((p) => p.access === 'admin')
        .map((p) => p.path),
    ).toEqual([
      'admin.audit',
      'admin.backups',
      'admin.createBackup',
      'admin.invite',
      'admin.resetTwoFactor',
      'admin.updateUser',
      'admin.users',
    ]);
    // The writes open to a client that take no input at all: asking for an export of one's own data (and its audit line), and
    // the forwarding address made the first time it is asked for.
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([
      'audit_log: 0 rows → 1 rows',
      'export_jobs: 0 rows → 1 rows',
      'inbound_addresses: 0 rows → 1 rows',
    ]);
  });

  it('API tokens: every router is in lib/token-scopes.ts, and a token of each scope set reaches exactly the procedures its scopes cover (403 naming the scope otherwise), changing nothing', async () => {
    expect(unmappedScopePaths(appRouter)).toEqual([]);
    expect(unmappedScopePaths(filesRouter)).toEqual([]);
    const before = await snapshotDatabase(db);
    expect(await scopeProblems({ router: appRouter, db, now }, { authed: owner, agent: actors.agent })).toEqual([]);
    expect(await scopeProblems({ router: filesRouter, db, now }, { authed: owner, agent: actors.agent })).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
  });

  it('every ownedIds entry finds a row of the demo traveller in the seed', async () => {
    for (const [name, entry] of Object.entries(ownedIds)) {
      const id = typeof entry === 'function' ? await entry(db, owner.id) : await entry.shared(db);
      expect(id, `ownedIds.${name}`).toEqual(expect.any(String));
    }
  });

  it("a procedure taking an id answers the other traveller NOT_FOUND for the owner's row, changing nothing, and the owner gets it", async () => {
    const { problems, checked } = await ownershipProblems({
      router: appRouter,
      freshDatabase: seeded,
      now,
      owner,
      other,
      ownedIds,
      sampleInputs,
    });
    expect(problems).toEqual([]);
    expect(checked).toEqual(
      expect.arrayContaining(['trips.byId', 'trips.events', 'trips.companions', 'trips.activity']),
    );
    // It seeds a fresh database for every mutation: its time grows with the router. It keeps the
    // sweep's ten minutes (a cap of one minute here failed it at 86 s under a load of 20 on 2 cores).
  });
});

/**
 * The server's file routes (CSV, streamed lists, photos' bytes, multipart uploads) call the
 * procedures of filesRouter, not services: the same sweep covers them, each called as a
 * stranger (NOT_FOUND, nothing changed) and as the owner (answered).
 */
const fileIds: Record<string, OwnedIdEntry> = {
  ...ownedIds,
  'files.expensesCsv.id': ownedTrip,
  'files.expenseStream.id': ownedTrip,
  'files.photoFile.id': ownedPhoto,
  'files.photoThumbnail.id': ownedPhoto,
  'files.savePhotos.id': ownedTrip,
  'files.previewBookingFiles.id': ownedTrip,
  'files.exportArchive.id': ownedExport,
};
const bookingPage = (date: string) =>
  `<script type="application/ld+json">{"@type":"EventReservation","reservationFor":{"@type":"Event","name":"Sweep sample","startDate":"${date}"}}</script>`;
const fileSampleInputs: Record<string, (ids: Record<string, string>) => unknown> = {
  'files.exportArchive': (ids) => ({ ...ids, token: 'sweep-token' }),
  // The bodies the routes read from multipart/form-data, read only once the caller is known.
  'files.savePhotos': (ids) => ({
    ...ids,
    files: async () => [{ fileName: 'sweep.png', bytes: new Uint8Array(await solidImage(8, 8, 'png')) }],
  }),
  'files.previewBookingFiles': (ids) => ({
    ...ids,
    files: async () => [
      { name: 'booking.html', bytes: new TextEncoder().encode(bookingPage(NOW.toISOString().slice(0, 10))) },
    ],
  }),
};

describe('the file routes: the sweep over filesRouter', { timeout: 600_000 }, () => {
  // Photos' bytes in memory; the sweep's photo rows (ownedPhoto) have theirs from the start.
  let sweepPng: Uint8Array;
  const stored = new Map<string, Uint8Array>();
  const photoStore: PhotoStore = {
    put: async (key, bytes) => void stored.set(key, bytes),
    get: async (key) => stored.get(key) ?? (key.startsWith('photo-sweep-') ? sweepPng : null),
    delete: async (key) => void stored.delete(key),
  };
  beforeAll(async () => {
    sweepPng = new Uint8Array(await solidImage(8, 8, 'png'));
  });

  it('lists every file route, each an authedProcedure', () => {
    expect(
      proceduresOf(filesRouter)
        .map((p) => `${p.path} ${p.access}`)
        .sort(),
    ).toEqual([
      'backupFile admin',
      'expenseStream authed',
      'expensesCsv authed',
      'exportArchive authed',
      'journalStream authed',
      'photoFile authed',
      'photoThumbnail authed',
      'previewBookingFiles authed',
      'savePhotos authed',
    ]);
    expect(accessTagProblems(filesRouter, [])).toEqual([]);
  });

  it('signed out, each is UNAUTHORIZED before its input is read, and nothing changes', async () => {
    const before = await snapshotDatabase(db);
    expect(await signedOutProblems({ router: filesRouter, db, now }, [])).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(db))).toEqual([]);
    const { problems, checked } = await authBeforeInputProblems(
      { router: filesRouter, db, now },
      { authed: owner, agent: actors.agent, admin: actors.admin },
    );
    expect(problems).toEqual([]);
    expect(checked).toEqual(expect.arrayContaining(['expensesCsv', 'photoFile', 'savePhotos', 'previewBookingFiles']));
  });

  it("a stranger gets NOT_FOUND for the owner's trip or photo, changing nothing, and the owner gets the file", async () => {
    const { problems, checked } = await ownershipProblems({
      router: router({ files: filesRouter }),
      freshDatabase: seeded,
      now,
      owner,
      other,
      ownedIds: fileIds,
      sampleInputs: fileSampleInputs,
      photoStore,
    });
    expect(problems).toEqual([]);
    expect(checked.sort()).toEqual([
      'files.expenseStream',
      'files.expensesCsv',
      'files.exportArchive',
      'files.photoFile',
      'files.photoThumbnail',
      'files.previewBookingFiles',
      'files.savePhotos',
    ]);
  });
});

// The sweep is only as good as its failures: each broken router below must be caught.
describe('the sweep catches', () => {
  const leakyTripById = authedProcedure
    .input(z.object({ id: z.string() }))
    .output(z.object({ id: z.string() }))
    .query(async ({ ctx, input }) => {
      // The bug: no `ownerId = actor` in the query.
      const [row] = await ctx.db.select({ id: trips.id }).from(trips).where(eq(trips.id, input.id));
      if (!row) throw new NotFoundError('Trip');
      return row;
    });

  it('a public procedure that is not on the public list', async () => {
    const rogue = router({
      rogue: router({
        leak: publicProcedure
          .input(z.void())
          .output(z.string())
          .query(() => 'secret'),
      }),
    });
    expect(accessTagProblems(rogue, [])).toEqual([
      expect.stringMatching(/^rogue\.leak: is a publicProcedure but not in publicProcedurePaths/),
    ]);
    expect(await signedOutProblems({ router: rogue, db, now }, [])).toEqual([
      expect.stringMatching(/^rogue\.leak: signed out, answered success/),
    ]);
  });

  it('a public-list entry that needs a session, or does not exist', async () => {
    const rogue = router({
      me: router({
        get: authedProcedure
          .input(z.void())
          .output(z.string())
          .query(() => 'me'),
      }),
    });
    expect(accessTagProblems(rogue, ['me.get', 'me.gone'])).toEqual([
      expect.stringMatching(/^me\.get: in publicProcedurePaths but not built from publicProcedure/),
      expect.stringMatching(/^me\.gone: in publicProcedurePaths but there is no such procedure/),
    ]);
    expect(await signedOutProblems({ router: rogue, db, now }, ['me.get'])).toEqual([
      expect.stringMatching(/answers a signed-out caller UNAUTHORIZED/),
    ]);
  });

  it('an access tag set by hand in a router', () => {
    const forged = router({
      x: router({
        y: authedProcedure
          .meta({ access: 'public' })
          .input(z.void())
          .output(z.string())
          .query(() => ''),
      }),
    });
    expect(accessTagProblems(forged, ['x.y'])).toEqual([
      expect.stringMatching(/^x\.y: tagged 'public' but its middlewares are those of authed/),
    ]);
  });

  it('a role checked by hand in a router instead of with agentProcedure', async () => {
    const handRolled = router({
      admin: router({
        stats: authedProcedure
          .input(z.void())
          .output(z.number())
          .query(({ ctx }) => {
            if (ctx.actor.role !== 'agent') throw new ForbiddenError();
            return 1;
          }),
      }),
    });
    expect(
      await roleProblems({ router: handRolled, db, now }, { client: owner, agent: actors.agent, admin: actors.admin }),
    ).toEqual([expect.stringMatching(/^admin\.stats: open to any signed-in user, but a client got FORBIDDEN/)]);
  });

  it('a procedure taking an id of a kind ownedIds does not know, with the line to add', async () => {
    const unknown = router({
      bookings: router({
        byId: authedProcedure
          .input(z.object({ id: z.string() }))
          .output(z.string())
          .query(() => 'x'),
      }),
    });
    const { problems } = await ownershipProblems({
      router: unknown,
      freshDatabase: seeded,
      now,
      owner,
      other,
      ownedIds,
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^bookings\.byId takes the id "id" but ownedIds \(authorization\.test\.ts\) has no entry for it: add one of 'bookings\.byId\.id', 'bookings'/,
      ),
    ]);
  });

  it('a query that forgets `ownerId = actor`', async () => {
    const { problems } = await ownershipProblems({
      router: router({ trips: router({ leaky: leakyTripById }) }),
      freshDatabase: seeded,
      now,
      owner,
      other,
      ownedIds,
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^trips\.leaky: user-traveller2 called it with all of user-traveller's ids and got success instead of NOT_FOUND/,
      ),
    ]);
  });

  it('a mutation that writes before it checks ownership, even though it then answers NOT_FOUND', async () => {
    const writesFirst = authedProcedure
      .input(z.object({ id: z.string(), title: z.string().min(1) }))
      .output(z.object({ id: z.string() }))
      .mutation(async ({ ctx, input }) => {
        await ctx.db.update(trips).set({ title: input.title }).where(eq(trips.id, input.id));
        const [row] = await ctx.db
          .select({ id: trips.id })
          .from(trips)
          .where(and(eq(trips.id, input.id), eq(trips.ownerId, ctx.actor.id)));
        if (!row) throw new NotFoundError('Trip');
        return row;
      });
    const { problems } = await ownershipProblems({
      router: router({ trips: router({ rename: writesFirst }) }),
      freshDatabase: seeded,
      now,
      owner,
      other,
      ownedIds,
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^trips\.rename: user-traveller2's call with all of user-traveller's ids changed the database: trips: contents changed/,
      ),
    ]);
  });

  it('"my trip, your companion": a foreign child id under the caller\'s own parent', async () => {
    const companionOfTrip = authedProcedure
      .input(z.object({ tripId: z.string(), companionId: z.string() }))
      .output(z.object({ id: z.string() }))
      .query(async ({ ctx, input }) => {
        const [trip] = await ctx.db
          .select({ id: trips.id })
          .from(trips)
          .where(and(eq(trips.id, input.tripId), eq(trips.ownerId, ctx.actor.id)));
        if (!trip) throw new NotFoundError('Trip');
        // The bug: the companion is not required to belong to that trip.
        const [row] = await ctx.db
          .select({ id: companions.id })
          .from(companions)
          .where(eq(companions.id, input.companionId));
        if (!row) throw new NotFoundError('Companion');
        return row;
      });
    const { problems } = await ownershipProblems({
      router: router({ trips: router({ companion: companionOfTrip }) }),
      freshDatabase: seeded,
      now,
      owner,
      other,
      ownedIds,
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^trips\.companion: user-traveller2 called it with user-traveller's companionId among user-traveller2's own ids and got success/,
      ),
    ]);
  });

  it('an id that does not belong to the owner either (the owner call proves the ids are real)', async () => {
    const alwaysMissing = authedProcedure
      .input(z.object({ id: z.string() }))
      .output(z.string())
      .query(() => {
        throw new NotFoundError('Trip');
      });
    const { problems } = await ownershipProblems({
      router: router({ trips: router({ broken: alwaysMissing }) }),
      freshDatabase: seeded,
      now,
      owner,
      other,
      ownedIds,
    });
    expect(problems).toEqual([expect.stringMatching(/^trips\.broken: the owner user-traveller got NOT_FOUND/)]);
  });
});

/**
 * Agents and their clients: with the demo traveller assigned to a second agent, the demo agent
 * calling any agent procedure with the traveller's ids gets NOT_FOUND (a client id in a body: a
 * 400 naming it, as for an unknown one) and changes nothing; the traveller's agent and an admin
 * get an answer. The table must name every agent procedure that takes an id.
 */
describe('agent scoping: another agent’s client is NOT_FOUND', { timeout: 600_000 }, () => {
  const traveller = actors.traveller.id;
  const agent2 = { ...actors.agent, id: 'user-agent2', name: 'Kim Other', email: 'agent2@naav.example' };
  const firstOf = async (rows: Promise<{ id: string }[]>) => {
    const id = (await rows)[0]?.id;
    if (!id) throw new Error('no row for the scoping sweep');
    return id;
  };
  type Call = (ids: Record<string, string>) => unknown;
  // path → the input, from the traveller's ids.
  const calls: Record<string, Call> = {
    'clients.availability': (ids) => ({ clientId: ids.client }),
    'clients.occasions': (ids) => ({ clientId: ids.client }),
    'clients.assignAgent': (ids) => ({ id: ids.client, agentId: actors.agent.id }),
    'concierge.thread': (ids) => ({ userId: ids.client }),
    'concierge.threadPage': (ids) => ({ userId: ids.client }),
    'concierge.markRead': (ids) => ({ userId: ids.client }),
    'concierge.reply': (ids) => ({ userId: ids.client, message: 'Sweep' }),
    'concierge.assignRequest': (ids) => ({ id: ids.request, assigneeId: actors.agent.id }),
    'concierge.setRequestStatus': (ids) => ({ id: ids.request, status: 'in_progress' }),
    'concierge.setRequestNotes': (ids) => ({ id: ids.request, notes: 'Sweep' }),
    'proposals.byId': (ids) => ({ id: ids.proposal }),
    'proposals.update': (ids) => ({ id: ids.draft, title: 'Sweep' }),
    'proposals.submit': (ids) => ({ id: ids.draft }),
    'proposals.addItem': (ids) => ({ id: ids.draft, day: 1, title: 'Sweep', type: 'activity' }),
    'proposals.updateItem': (ids) => ({ id: ids.item, title: 'Sweep' }),
    'proposals.deleteItem': (ids) => ({ id: ids.item }),
    'proposals.addressFeedback': (ids) => ({ id: ids.feedback }),
    'interests.clientFoodPreferences': (ids) => ({ id: ids.client }),
    'tripRequests.ofClients': (ids) => ({ clientId: ids.client }),
    'tripRequests.ofClientsPage': (ids) => ({ clientId: ids.client }),
  };
  // A client named in a new proposal's body: refused as an unknown client is.
  const bodyField: Record<string, Call> = {
    'proposals.create': (ids) => ({
      clientId: ids.client,
      title: 'Sweep',
      destination: 'Porto',
      startDate: '2025-07-01',
      endDate: '2025-07-05',
      expiryDate: '2025-06-30',
    }),
  };

  let scoped: Database;
  let ids: Record<string, string>;
  beforeAll(async () => {
    scoped = await seeded();
    await addAdmin(scoped);
    const at = new Date();
    await scoped.insert(user).values({ ...agent2, role: 'agent', emailVerified: true, createdAt: at, updatedAt: at });
    // Both demo travellers are agent2's (the demo's feedback is on the second one's proposal); a third client is nobody's.
    await scoped
      .update(user)
      .set({ agentId: agent2.id })
      .where(inArray(user.id, [traveller, actors.traveller2.id]));
    await scoped
      .insert(user)
      .values({ id: 'user-unassigned', name: 'Una Signed', email: 'una@naav.example', createdAt: at, updatedAt: at });
    await callerFor(scoped, actors.traveller, now).tripRequests.create({
      destination: 'Porto',
      startDate: '2025-08-01',
      endDate: '2025-08-05',
      adults: 2,
      children: 0,
      rooms: 1,
      timeZone: 'Europe/Lisbon',
    });
    const { conciergeRequests, proposalItems, proposalFeedback } = await import('@naav/db/schema');
    const draft = await firstOf(
      scoped
        .select({ id: proposals.id })
        .from(proposals)
        .where(and(eq(proposals.userId, traveller), eq(proposals.status, 'draft'))),
    );
    ids = {
      client: traveller,
      proposal: await firstOf(
        scoped.select({ id: proposals.id }).from(proposals).where(eq(proposals.userId, traveller)),
      ),
      draft,
      item: await firstOf(
        scoped
          .select({ id: proposalItems.id })
          .from(proposalItems)
          .innerJoin(proposals, eq(proposals.id, proposalItems.proposalId))
          .where(eq(proposals.userId, traveller)),
      ),
      feedback: await firstOf(
        scoped
          .select({ id: proposalFeedback.id })
          .from(proposalFeedback)
          .innerJoin(proposals, eq(proposals.id, proposalFeedback.proposalId))
          .where(eq(proposals.userId, actors.traveller2.id)),
      ),
      request: await firstOf(
        scoped
          .select({ id: conciergeRequests.id })
          .from(conciergeRequests)
          .where(eq(conciergeRequests.ownerId, traveller)),
      ),
    };
  });

  const call = async (actor: Actor, path: string, input: unknown) => {
    const caller = callerFor(scoped, actor, now) as unknown as Record<
      string,
      Record<string, (i: unknown) => Promise<unknown>>
    >;
    const [ns, name] = path.split('.') as [string, string];
    try {
      await caller[ns]?.[name]?.(input);
      return 'success';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  };

  it('names every agent procedure that takes an id or a client', () => {
    const idKeys = ['id', 'clientId', 'userId'];
    const taking = proceduresOf(appRouter)
      .filter((p) => p.access === 'agent')
      .filter((p) =>
        p.def.inputs.some(
          (i) => i instanceof z.ZodObject && Object.keys(i.shape as object).some((k) => idKeys.includes(k)),
        ),
      )
      .map((p) => p.path);
    expect(taking.filter((p) => !(p in calls) && !(p in bodyField) && p !== 'proposals.byId')).toEqual([]);
  });

  it.each(Object.keys(calls))('%s', async (path) => {
    const input = calls[path]?.(ids);
    const before = await snapshotDatabase(scoped);
    expect(await call(actors.agent, path, input)).toBe('NOT_FOUND');
    expect(snapshotChanges(before, await snapshotDatabase(scoped))).toEqual([]);
    // Reads answer the traveller's agent and an admin (writes are proven by their own tests).
    if (
      ['clients.availability', 'concierge.thread', 'proposals.byId', 'interests.clientFoodPreferences'].includes(path)
    ) {
      expect(await call(agent2, path, input)).toBe('success');
      expect(await call(actors.admin, path, input)).toBe('success');
    }
  });

  it.each(Object.keys(bodyField))('%s', async (path) => {
    const before = await snapshotDatabase(scoped);
    expect(await call(actors.agent, path, bodyField[path]?.(ids))).toBe('BAD_REQUEST');
    expect(snapshotChanges(before, await snapshotDatabase(scoped))).toEqual([]);
  });

  it("leaves the travellers out of the agent's lists, and in their own agent's and the admin's", async () => {
    const lists = async (actor: Actor) => {
      const caller = callerFor(scoped, actor, now);
      return {
        clients: (await caller.clients.list()).map((c) => c.id),
        overview: (await caller.clients.overview()).map((c) => c.id),
        inbox: (await caller.concierge.inbox()).map((c) => c.traveller.id),
        requests: (await caller.concierge.allRequests({})).map((r) => r.traveller.id),
        proposals: (await caller.proposals.list({})).map((p) => p.userId),
        tripRequests: (await caller.tripRequests.ofClients({})).map((r) => r.clientId),
      };
    };
    const assigned: string[] = [traveller, actors.traveller2.id];
    const holds = (list: string[]) => list.some((id) => assigned.includes(id));
    for (const [name, list] of Object.entries(await lists(actors.agent))) expect(holds(list), name).toBe(false);
    for (const [name, list] of Object.entries(await lists(agent2))) expect(holds(list), name).toBe(true);
    for (const [name, list] of Object.entries(await lists(actors.admin))) expect(holds(list), name).toBe(true);
    // Unassigned clients stay in everyone's.
    expect((await lists(actors.agent)).clients).toContain('user-unassigned');
  });
});
