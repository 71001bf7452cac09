import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { Database } from '@naav/db';
import * as schema from '@naav/db/schema';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createContext } from '../../context';
import { errorOf } from '../../test-support/expect-error';
import { actors, createSeededDatabase, solidImage } from '../../testing';
import { createCallerFactory } from '../../trpc';
import { appRouter } from '../../root';
import { filesRouter } from '../files/files.router';
import { createDatabasePhotoStore, createFileSystemPhotoStore, type PhotoStore } from '../photos/photo-store';
import { savePhoto } from '../photos/photos.service';
import type { ConfirmIdentity } from './delete-account.service';
import { notUserData, searchIndexOf, type UserDataTable, userDataTables } from './user-data';

const me = actors.traveller;
const heir = actors.traveller2;
const tables = Object.entries(userDataTables) as [string, UserDataTable][];
const args = { user: me.id, email: me.email };

/** Password "right password"; code 123456 when two-factor sign-in is on. */
const confirmIdentity: ConfirmIdentity = async (actor, answer) => ({
  password: answer.password === 'right password',
  code: !actor.twoFactorEnabled || answer.code === '123456',
});

function callers(db: Database, actor: Actor, photoStore: PhotoStore) {
  const jobs: (() => Promise<void>)[] = [];
  const ctx = createContext({
    db,
    resolveActor: async () => actor,
    photoStore,
    confirmIdentity,
    background: (job) => jobs.push(job),
  });
  return {
    app: createCallerFactory(appRouter)(ctx),
    files: createCallerFactory(filesRouter)(ctx),
    runJobs: async () => {
      for (const job of jobs.splice(0)) await job();
    },
  };
}

const insert = (db: Database, table: string, row: Record<string, unknown>) =>
  db.$client.execute({
    sql: `INSERT INTO "${table}" (${Object.keys(row)
      .map((k) => `"${k}"`)
      .join(', ')}) VALUES (${Object.keys(row)
      .map(() => '?')
      .join(', ')})`,
    args: Object.values(row) as (string | number | null)[],
  });

const countOf = async (db: Database, table: string, where: string) =>
  Number((await db.$client.execute({ sql: `SELECT count(*) AS n FROM "${table}" WHERE ${where}`, args })).rows[0]!.n);

/**
 * The demo traveller with a row in every table of userDataTables: what the demo lacks is added,
 * including a part in the second traveller's trip (shared with a group they are in) and a
 * verified second traveller with edit permission in the group their Kyoto trip is shared with.
 */
async function fillEveryDomain(db: Database, photoStore: PhotoStore) {
  const t = Date.now();
  await insert(db, 'session', {
    id: 's1',
    expiresAt: t + 1e6,
    token: 'tok',
    createdAt: t,
    updatedAt: t,
    userId: me.id,
  });
  await insert(db, 'two_factor', { id: 'tf1', secret: 'x', backupCodes: 'y', userId: me.id });
  await insert(db, 'passkey', {
    id: 'pk1',
    name: 'Phone',
    publicKey: 'pk',
    userId: me.id,
    credentialID: 'cred',
    counter: 0,
    deviceType: 'singleDevice',
    backedUp: 0,
    createdAt: t,
  });
  await insert(db, 'verification', {
    id: 'v1',
    identifier: 'reset-password:abc',
    value: me.id,
    expiresAt: t,
    createdAt: t,
    updatedAt: t,
  });
  await insert(db, 'throttle_counters', { key: `signIn:account:${me.email}`, count: 1, resetAt: t + 1e6 });
  await insert(db, 'idempotency_keys', {
    userId: me.id,
    scope: 'trips.create',
    key: 'k',
    fingerprint: 'f',
    createdAt: t,
  });
  await insert(db, 'expense_idempotency_keys', { userId: me.id, key: 'k', expenseId: 'expense-lisbon-hotel' });
  await insert(db, 'export_jobs', { id: 'x1', userId: me.id, status: 'failed' });
  await insert(db, 'notifications', {
    id: 'n1',
    userId: me.id,
    kind: 'trip_changes',
    title: 'Kenji changed 3 things',
    link: '/trips/trip-kyoto',
    createdAt: t,
  });
  await insert(db, 'notification_settings', { userId: me.id, unsubscribeSecret: 'secret' });
  await insert(db, 'audit_log', {
    actorId: me.id,
    actorEmail: me.email,
    targetId: me.id,
    action: 'auth.sign_in',
    summary: `signed in as ${me.email}`,
    at: t,
  });
  await insert(db, 'invitations', {
    id: 'inv1',
    tokenHash: 'h',
    email: 'friend@example.org',
    role: 'client',
    invitedBy: me.id,
    createdAt: t,
    expiresAt: t + 1e6,
  });
  await insert(db, 'inbound_addresses', { userId: me.id, token: 'forward-token-1234567', createdAt: t });
  await insert(db, 'inbound_mails', {
    id: 'im1',
    messageId: '<m1@example.org>',
    userId: me.id,
    raw: new Uint8Array([1]),
    status: 'done',
  });
  await insert(db, 'api_tokens', {
    id: 'tok1',
    userId: me.id,
    name: 'Script',
    tokenHash: 'hash',
    hint: 'naav_abc',
    scopes: '["trips:read"]',
    createdAt: t,
  });
  await insert(db, 'webhook_endpoints', {
    id: 'wh1',
    userId: me.id,
    url: 'https://hooks.example.org/naav',
    events: '["*"]',
    secret: 'whsec_x',
    createdAt: t,
  });
  await insert(db, 'webhook_messages', {
    seq: 1,
    id: 'msg_1',
    endpointId: 'wh1',
    eventType: 'trip.created',
    payload: '{}',
    status: 'delivered',
    attempts: 1,
    createdAt: t,
    nextAttemptAt: t,
    retryUntil: t,
  });
  await insert(db, 'webhook_attempts', { id: 'att1', messageSeq: 1, at: t, statusCode: 200, latencyMs: 12 });
  await insert(db, 'saved_trips', { userId: me.id, tripId: 'trip-kyoto' });
  await insert(db, 'booking_imports', {
    id: 'b1',
    tripId: 'trip-kyoto',
    bookingKey: 'k',
    type: 'flight',
    start: '2026-01-01',
    eventIds: '[]',
  });
  await insert(db, 'change_feed', {
    topic: 'trip:trip-kyoto',
    kind: 'trip',
    createdAt: t,
    tripId: 'trip-kyoto',
    actorId: me.id,
    action: 'details.changed',
    detail: '{}',
  });
  await insert(db, 'change_feed', { topic: `concierge:${me.id}`, rowId: me.id, kind: 'message', createdAt: t });
  await insert(db, 'expense_shares', {
    expenseId: 'expense-lisbon-hotel',
    participantId: `user:${me.id}`,
    amount: 100,
  });
  await insert(db, 'inspiration_favourites', { userId: me.id, inspirationId: 'insp-kyoto' });
  await insert(db, 'trip_requests', {
    id: 'tr1',
    ownerId: me.id,
    destination: 'Oslo',
    startDate: '2026-09-01',
    endDate: '2026-09-05',
    budget: 900,
    travelStyle: 'relaxed',
  });
  await insert(db, 'proposal_feedback', {
    id: 'pf1',
    proposalId: 'proposal-kyoto-spring',
    userId: me.id,
    comment: 'Lovely',
  });
  await savePhoto(
    db,
    me,
    'trip-kyoto',
    { fileName: 'temple.png', bytes: new Uint8Array(await solidImage(40, 30, 'png')) },
    photoStore,
    new Date(),
  );
  // Their part in the second traveller's trip, which is shared with them.
  await insert(db, 'family_groups', { id: 'g-other', ownerId: heir.id, name: 'Friends' });
  await insert(db, 'family_members', {
    id: 'm-me',
    groupId: 'g-other',
    name: 'Alex',
    email: me.email,
    permission: 'edit',
  });
  await insert(db, 'group_trips', { id: 'gt-other', groupId: 'g-other', tripId: 'trip-barcelona' });
  await insert(db, 'expenses', {
    id: 'e-other',
    tripId: 'trip-barcelona',
    title: 'Tapas',
    amount: 3000,
    currency: 'EUR',
    date: '2026-05-01',
    rateToBase: 1,
    amountBase: 3000,
    paidBy: `user:${me.id}`,
  });
  await insert(db, 'expense_shares', { expenseId: 'e-other', participantId: `user:${me.id}`, amount: 1500 });
  await insert(db, 'expense_shares', { expenseId: 'e-other', participantId: `user:${heir.id}`, amount: 1500 });
  await insert(db, 'packing_items', {
    id: 'p-other',
    tripId: 'trip-barcelona',
    name: 'Hat',
    category: 'Clothing',
    assigneeId: me.id,
  });
  await insert(db, 'todos', { id: 'td-other', tripId: 'trip-barcelona', title: 'Book', assigneeId: me.id });
  await insert(db, 'change_feed', {
    topic: 'trip:trip-barcelona',
    kind: 'trip',
    createdAt: t,
    tripId: 'trip-barcelona',
    actorId: me.id,
    action: 'details.changed',
    detail: '{}',
  });
  // Who takes Kyoto over: the second traveller, an edit member of the group it is shared with.
  await insert(db, 'family_members', {
    id: 'm-heir',
    groupId: 'group-morgan-family',
    name: 'Sam',
    email: heir.email,
    permission: 'edit',
  });
}

/** Every cell of every table (search indexes aside) that names the person: their id, their e-mail, `user:<id>`. */
async function mentionsOf(db: Database, id: string, email: string): Promise<string[]> {
  const names = (await db.$client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) =>
    String(r.name),
  );
  const idPattern = new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`);
  const found: string[] = [];
  for (const table of names.filter((n) => !searchIndexOf(n))) {
    for (const row of (await db.$client.execute(`SELECT * FROM "${table}"`)).rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        if (idPattern.test(value) || value.toLowerCase().includes(email.toLowerCase()))
          found.push(`${table}.${column} = ${value.slice(0, 80)}`);
      }
    }
  }
  return found;
}

/**
 * Every column of the drizzle schema that holds a user's id: those with a foreign key to `user`,
 * and those named for a person without one (an actor, an assignee, who invited).
 */
function userColumns(): { table: string; column: string }[] {
  const found: { table: string; column: string }[] = [];
  for (const table of Object.values(schema)) {
    if (!(table instanceof SQLiteTable)) continue;
    const config = getTableConfig(table);
    const referencing = new Set(
      config.foreignKeys
        .map((fk) => fk.reference())
        .filter((ref) => getTableConfig(ref.foreignTable).name === 'user')
        .flatMap((ref) => ref.columns.map((c) => c.name)),
    );
    for (const column of config.columns)
      if (
        referencing.has(column.name) ||
        /^(userId|ownerId|actorId|agentId|assigneeId|invitedBy|targetId)$/.test(column.name)
      )
        found.push({ table: config.name, column: column.name });
  }
  return found;
}

/** The SHA-256 of every photo's bytes in the store: the database's photo_files, or the folder's files. */
async function storedPhotoHashes(db: Database, folder?: string): Promise<Set<string>> {
  const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  if (folder) {
    const { readFile } = await import('node:fs/promises');
    return new Set(await Promise.all((await readdir(folder)).map(async (f) => hash(await readFile(join(folder, f))))));
  }
  const { rows } = await db.$client.execute('SELECT bytes FROM photo_files');
  return new Set(rows.map((r) => hash(new Uint8Array(r.bytes as ArrayBuffer))));
}

/** A photo of the person's own trip that is shared with nobody (Lisbon): its bytes must go with the account. */
async function ownPhotoHashes(db: Database, store: PhotoStore, folder?: string): Promise<Set<string>> {
  const before = await storedPhotoHashes(db, folder);
  await savePhoto(
    db,
    me,
    'trip-lisbon',
    { fileName: 'tram.png', bytes: new Uint8Array(await solidImage(52, 36, 'png')) },
    store,
    new Date(),
  );
  const after = await storedPhotoHashes(db, folder);
  return new Set([...after].filter((h) => !before.has(h)));
}

let db: Database;
let photoStore: PhotoStore;
beforeEach(async () => {
  db = await createSeededDatabase();
  photoStore = createDatabasePhotoStore(db);
});

describe('the tables holding user data', () => {
  it('names every table of the schema: user data (exported and deleted) or not', async () => {
    const names = (await db.$client.execute("SELECT name FROM sqlite_master WHERE type = 'table'")).rows.map((r) =>
      String(r.name),
    );
    const unaccounted = names.filter((n) => !(n in userDataTables) && !(n in notUserData) && !searchIndexOf(n));
    expect(unaccounted, 'tables neither in userDataTables nor in notUserData').toEqual([]);
    expect(Object.keys(userDataTables).filter((n) => !names.includes(n))).toEqual([]);
  });

  it('the test user has rows in every one of them', async () => {
    await fillEveryDomain(db, photoStore);
    const empty: string[] = [];
    for (const [table, spec] of tables) if ((await countOf(db, table, spec.where)) === 0) empty.push(table);
    expect(empty).toEqual([]);
  });
});

describe('export', () => {
  it('zips every exported table, the photos, calendars and expense CSVs, and gives the zip once', async () => {
    await fillEveryDomain(db, photoStore);
    const { app, files, runJobs } = callers(db, me, photoStore);
    const asked = await app.me.requestExport();
    expect(asked.status).toBe('pending');
    expect(await app.me.requestExport()).toEqual(asked);
    await runJobs();
    const ready = await app.me.export({ id: asked.id });
    expect(ready).toMatchObject({
      status: 'ready',
      downloadUrl: expect.stringContaining(`/api/me/export/${asked.id}/download?token=`),
    });
    const token = new URL(ready.downloadUrl!, 'http://x').searchParams.get('token')!;
    expect(await errorOf(callers(db, heir, photoStore).files.exportArchive({ id: asked.id, token }))).toMatchObject({
      code: 'NOT_FOUND',
    });

    const zip = unzipSync((await files.exportArchive({ id: asked.id, token })).bytes);
    const json = (name: string) =>
      JSON.parse(new TextDecoder().decode(zip[name])) as Record<string, Record<string, unknown>[]>;
    for (const [table, spec] of tables) {
      if (typeof spec.file !== 'string') continue;
      const rows = json(spec.file)[table];
      // The download's own audit line is written after the zip was built.
      const later = table === 'audit_log' ? 1 : 0;
      expect(rows, table).toHaveLength((await countOf(db, table, spec.exportWhere ?? spec.where)) - later);
      for (const column of spec.omit ?? []) expect(rows?.[0], `${table}.${column}`).not.toHaveProperty(column);
    }
    const owned = (await db.$client.execute({ sql: 'SELECT id FROM trips WHERE "ownerId" = ?', args: [me.id] })).rows;
    for (const { id } of owned) {
      expect(new TextDecoder().decode(zip[`calendars/${String(id)}.ics`])).toContain('BEGIN:VCALENDAR');
      expect(zip[`expenses/${String(id)}.csv`]).toBeDefined();
    }
    expect(Object.keys(zip).filter((name) => name.startsWith('photos/trip-kyoto/'))).toHaveLength(1);
    expect(new TextDecoder().decode(zip['expenses/trip-lisbon.csv'])).toContain('Memmo Alfama');

    // Once: the link is spent, and the bytes are gone from the database.
    expect(await errorOf(files.exportArchive({ id: asked.id, token }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await app.me.export({ id: asked.id })).toEqual({ id: asked.id, status: 'downloaded' });
    expect(await countOf(db, 'export_jobs', 'archive IS NOT NULL')).toBe(0);
  });

  it("is NOT_FOUND for someone else's export", async () => {
    const asked = await callers(db, me, photoStore).app.me.requestExport();
    expect(await errorOf(callers(db, heir, photoStore).app.me.export({ id: asked.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('deleting the account', () => {
  it('asks for the password, and the code when two-factor sign-in is on; nothing is deleted before', async () => {
    const { app } = callers(db, me, photoStore);
    expect(await errorOf(app.me.delete({ password: 'wrong', sharedTrips: 'transfer' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('password'),
    });
    const withCode = callers(db, { ...me, twoFactorEnabled: true }, photoStore).app;
    expect(await errorOf(withCode.me.delete({ password: 'right password', sharedTrips: 'transfer' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('code'),
    });
    expect(await countOf(db, 'user', 'id = :user')).toBe(1);
  });

  it('leaves no row naming the person, and gives a shared trip to a member with edit permission', async () => {
    await fillEveryDomain(db, photoStore);
    const { app } = callers(db, me, photoStore);
    expect(await app.me.sharedTrips()).toEqual([
      { id: 'trip-kyoto', title: expect.any(String), transferTo: { id: heir.id, name: heir.name } },
    ]);
    const kyotoEvents = await countOf(db, 'events', `"tripId" = 'trip-kyoto'`);

    const theirBytes = await ownPhotoHashes(db, photoStore);
    expect(theirBytes.size).toBeGreaterThan(0);
    const columns = userColumns();
    expect(columns.length).toBeGreaterThan(30);
    expect(columns).toEqual(expect.arrayContaining([{ table: 'trips', column: 'ownerId' }]));

    const answer = await app.me.delete({ password: 'right password', sharedTrips: 'transfer' });
    expect(answer.transferredTrips.map((t) => t.id)).toEqual(['trip-kyoto']);

    // No user-referencing column of any table names them, and no photo's bytes of theirs are kept.
    const left: string[] = [];
    for (const { table, column } of columns) {
      const n = await countOf(db, table, `"${column}" = :user`);
      if (n > 0) left.push(`${table}.${column}: ${n}`);
    }
    expect(left).toEqual([]);
    const kept = await storedPhotoHashes(db);
    expect([...theirBytes].filter((h) => kept.has(h))).toEqual([]);

    for (const [table, spec] of tables) expect(await countOf(db, table, spec.where), table).toBe(0);
    expect(await mentionsOf(db, me.id, me.email)).toEqual([]);
    // Kyoto is the second traveller's now, with its events and photo; their own trip keeps its expense.
    expect(await countOf(db, 'trips', `id = 'trip-kyoto' AND "ownerId" = '${heir.id}'`)).toBe(1);
    expect(await countOf(db, 'events', `"tripId" = 'trip-kyoto'`)).toBe(kyotoEvents);
    expect(
      await countOf(db, 'photo_files', `key IN (SELECT "storageKey" FROM photos WHERE "tripId" = 'trip-kyoto')`),
    ).toBe(1);
    expect(await countOf(db, 'expenses', `id = 'e-other' AND "paidBy" LIKE 'former:%'`)).toBe(1);
    // The address is free for a new account.
    expect(await countOf(db, 'user', 'email = :email')).toBe(0);
  });

  it('with photos kept as files, a transferred trip keeps its files and none of theirs stay', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'naav-transfer-'));
    try {
      const files = createFileSystemPhotoStore(folder);
      await fillEveryDomain(db, files);
      const kyoto = await storedPhotoHashes(db, folder);
      const theirs = await ownPhotoHashes(db, files, folder);
      await callers(db, me, files).app.me.delete({ password: 'right password', sharedTrips: 'transfer' });
      const kept = await storedPhotoHashes(db, folder);
      expect(kept).toEqual(kyoto);
      expect([...theirs].filter((h) => kept.has(h))).toEqual([]);
      // The second traveller now sees Kyoto's photo.
      const [photo] = await callers(db, heir, files).app.photos.list({ id: 'trip-kyoto' });
      expect(photo).toBeDefined();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('deletes shared trips when asked to, photo files included', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'naav-delete-'));
    try {
      const files = createFileSystemPhotoStore(folder);
      await fillEveryDomain(db, files);
      const { app } = callers(db, me, files);
      expect(await readdir(folder)).toHaveLength(2);
      expect((await ownPhotoHashes(db, files, folder)).size).toBeGreaterThan(0);
      await app.me.delete({ password: 'right password', sharedTrips: 'delete' });
      expect(await countOf(db, 'trips', `id = 'trip-kyoto'`)).toBe(0);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
