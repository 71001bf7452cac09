import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql as query } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateDatabase, tuneEmbedded, type Database } from './client';
import { allPrepared, createPreparedReader, selectValues, servePreparedReads } from './prepared-reader';
import * as schema from './schema/index';

const folder = mkdtempSync(join(tmpdir(), 'naav-reader-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sql = 'select "id", "name", "createdAt" from "user" where "email" = ?';

describe.each([
  ['an embedded file', `file:${join(folder, 'naav.db')}`],
  ['an in-memory database', ':memory:'],
])('createPreparedReader on %s', (_, url) => {
  it('answers the first row in column order, and sees each write as soon as it is committed', async () => {
    const db = createDatabase({ url });
    await tuneEmbedded(db, url);
    await migrateDatabase(db);
    const reader = createPreparedReader(db, url);
    expect(await reader.first(sql, ['ana@example.org'])).toBeUndefined();
    await db.$client.execute({
      sql: 'insert into "user" ("id", "name", "email", "createdAt", "updatedAt") values (?, ?, ?, ?, ?)',
      args: ['u1', 'Ana', 'ana@example.org', 1_700_000_000_000, 1_700_000_000_000],
    });
    expect(await reader.first(sql, ['ana@example.org'])).toEqual(['u1', 'Ana', 1_700_000_000_000]);
    await db.$client.execute({ sql: 'update "user" set "name" = ? where "id" = ?', args: ['Ana B', 'u1'] });
    expect(await reader.first(sql, ['ana@example.org'])).toEqual(['u1', 'Ana B', 1_700_000_000_000]);
    await db.$client.execute({ sql: 'delete from "user" where "id" = ?', args: ['u1'] });
    expect(await reader.first(sql, ['ana@example.org'])).toBeUndefined();
    reader.close();
    db.$client.close();
  });
});

describe('servePreparedReads', () => {
  let files = 0;

  /** The same schema and rows in two new files: one read through compiled statements, one through the client alone. */
  async function pair() {
    const opened = [];
    files += 1;
    const url = `file:${join(folder, `reads-${files}.db`)}`;
    for (const u of [url, `file:${join(folder, `plain-${files}.db`)}`]) {
      const db = createDatabase({ url: u });
      await tuneEmbedded(db, u);
      await migrateDatabase(db);
      await db.$client.execute(
        'create table "probe" ("id" integer primary key, "label" text, "data" blob, "big" integer, "flag" integer)',
      );
      await db.$client.batch([
        { sql: 'insert into "probe" values (?, ?, ?, ?, ?)', args: [1, 'Lisbon', new Uint8Array([1, 2, 3]), 42, 1] },
        { sql: 'insert into "probe" values (?, ?, ?, ?, ?)', args: [2, null, null, 2 ** 40, 0] },
        {
          sql: 'insert into "user" ("id", "name", "email", "createdAt", "updatedAt") values (?, ?, ?, ?, ?)',
          args: ['u1', 'Ana', 'ana@example.org', 1_700_000_000_000, 1_700_000_000_000],
        },
      ]);
      opened.push(db);
    }
    const [db, plain] = opened as [Database, Database];
    const reader = createPreparedReader(db, url);
    servePreparedReads(db, reader);
    return { db, plain, reader };
  }

  it('answers every kind of read exactly as the client does, values and row shapes alike', async () => {
    const { db, plain, reader } = await pair();
    // The reader takes plain SELECTs itself.
    expect(reader.select('select "label" from "probe" where "id" = 1')?.rows.map((r) => r.label)).toEqual(['Lisbon']);
    const statements = [
      'select * from "probe" order by "id"',
      { sql: 'select "label", "data", "big" from "probe" where "flag" = ? and "id" > ?', args: [true, 0] },
      { sql: 'select "id" from "user" where "createdAt" < ?', args: [new Date(1_800_000_000_000)] },
      { sql: 'select "label" as "x", "id" as "x" from "probe" where "id" = ?', args: [1] },
      { sql: 'select count(*) as "n" from "probe" where "label" is ?', args: [null] },
    ];
    for (const statement of statements) {
      const fast = await db.$client.execute(statement);
      const slow = await plain.$client.execute(statement);
      expect(fast.columns).toEqual(slow.columns);
      expect(fast.rows.map((r) => ({ ...r }))).toEqual(slow.rows.map((r) => ({ ...r })));
      expect(fast.rows.map((r) => Array.from(r))).toEqual(slow.rows.map((r) => Array.from(r)));
      expect(fast.rows[0]?.length).toBe(slow.rows[0]?.length);
      expect(JSON.stringify(fast)).toBe(JSON.stringify(slow));
    }
    // Through drizzle: typed selects (rows as arrays) and raw SQL (rows by name).
    const typed = await db.select({ id: schema.user.id, createdAt: schema.user.createdAt }).from(schema.user);
    expect(typed).toEqual(
      await plain.select({ id: schema.user.id, createdAt: schema.user.createdAt }).from(schema.user),
    );
    expect(typed[0]?.createdAt).toBeInstanceOf(Date);
    expect(await db.all(query`select "data", "label" from "probe" order by "id"`)).toEqual(
      await plain.all(query`select "data", "label" from "probe" order by "id"`),
    );
    reader.close();
  });

  it('answers a batch of reads as the client does, and leaves a batch with a write to the client', async () => {
    const { db, plain, reader } = await pair();
    const reads = [
      { sql: 'select * from "probe" order by "id"', args: [] },
      { sql: 'select "label", "data", "big" from "probe" where "flag" = ? and "id" > ?', args: [true, 0] },
      'select count(*) as "n" from "probe"',
    ];
    expect(reader.selectAll(reads)).toHaveLength(3);
    expect(JSON.stringify(await db.$client.batch(reads))).toBe(JSON.stringify(await plain.$client.batch(reads)));
    // Through drizzle, as a trip and its rows are read together.
    const both = (d: Database) =>
      d.batch([d.select({ id: schema.user.id }).from(schema.user), d.all(query`select "label" from "probe"`)]);
    expect(await both(db)).toEqual(await both(plain));
    // A write in the batch: the client runs all of it, and the reads after it see the write.
    const mixed = [{ sql: 'update "probe" set "label" = ? where "id" = ?', args: ['Evora', 1] }, reads[0]!];
    expect(reader.selectAll(mixed)).toBeUndefined();
    const [written, read] = await db.$client.batch(mixed);
    expect(written?.rowsAffected).toBe(1);
    expect(read?.rows[0]?.label).toBe('Evora');
    await expect(db.$client.batch(['select "nope" from "probe"'])).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    reader.close();
  });

  it('selectValues answers the rows as arrays of the values the client gives, through the reader or without it', async () => {
    const { db, plain, reader } = await pair();
    const statements = [
      { sql: 'select * from "probe" order by "id"', params: [] },
      { sql: 'select "label", "data", "big" from "probe" where "flag" = ? and "id" > ?', params: [true, 0] },
      { sql: 'select "id" from "user" where "createdAt" < ?', params: [new Date(1_800_000_000_000)] },
    ];
    for (const statement of statements) {
      const slow = (await plain.$client.execute({ sql: statement.sql, args: statement.params })).rows.map((r) =>
        Array.from(r),
      );
      expect(reader.values(statement.sql, statement.params)).toEqual(slow);
      expect(await selectValues(db, statement)).toEqual(slow);
      expect(await selectValues(plain, statement)).toEqual(slow);
    }
    expect(await selectValues(db, { sql: 'select "big" from "probe" where "id" = ?', params: [2] })).toEqual([
      [2 ** 40],
    ]);
    // Not a SELECT the reader takes: the client answers.
    expect(reader.values('select changes()', [])).toBeUndefined();
    expect(await selectValues(db, { sql: 'select changes() as "n"', params: [] })).toHaveLength(1);
    reader.close();
  });

  it('allPrepared answers prepared selects in one round trip, each as its own .all() does, through the reader or without it', async () => {
    const { db, plain, reader } = await pair();
    const prepared = (d: Database) =>
      [
        d
          .select({ id: schema.user.id, name: schema.user.name, createdAt: schema.user.createdAt })
          .from(schema.user)
          .where(eq(schema.user.email, query.placeholder('email')))
          .prepare(),
        d
          .select({ id: query<number>`"id"`, label: query<string | null>`"label"`, data: query<unknown>`"data"` })
          .from(query`"probe"`)
          .where(query`"id" >= ${query.placeholder('from')}`)
          .orderBy(asc(query`"id"`))
          .prepare(),
      ] as const;
    for (const d of [db, plain]) {
      const [users, probes] = prepared(d);
      const batches = { count: 0 };
      const batch = d.$client.batch.bind(d.$client);
      d.$client.batch = ((...args: Parameters<typeof batch>) => {
        batches.count += 1;
        return batch(...args);
      }) as typeof batch;
      const [found, rows] = await allPrepared(d, [
        [users, { email: 'ana@example.org' }],
        [probes, { from: 1 }],
      ]);
      expect(found).toEqual(await users.all({ email: 'ana@example.org' }));
      expect(found[0]?.createdAt).toBeInstanceOf(Date);
      expect(rows).toEqual(await probes.all({ from: 1 }));
      expect(rows.map((r) => r.id)).toEqual([1, 2]);
      // Through the reader no batch reaches the client; without one, one batch does.
      expect(batches.count).toBe(d === db ? 0 : 1);
      expect(await allPrepared(d, [[users, { email: 'nobody@example.org' }]])).toEqual([[]]);
    }
    expect(reader.valuesAll([{ sql: 'select changes()', args: [] }])).toBeUndefined();
    reader.close();
  });

  it('sees each committed write at once, while a transaction keeps its own view', async () => {
    const { db, reader } = await pair();
    const count = { sql: 'select count(*) as "n" from "probe"', args: [] };
    expect((await db.$client.execute(count)).rows[0]?.n).toBe(2);
    await db
      .insert(schema.user)
      .values({ id: 'u2', name: 'Bo', email: 'bo@example.org', createdAt: new Date(), updatedAt: new Date() });
    await db.$client.execute({ sql: 'insert into "probe" ("id", "label") values (?, ?)', args: [3, 'Porto'] });
    expect((await db.$client.execute(count)).rows[0]?.n).toBe(3);
    expect(
      (await db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, 'u2')))[0]?.name,
    ).toBe('Bo');
    // Inside a transaction the transaction's own connection answers, with its uncommitted rows.
    await db.transaction(async (tx) => {
      await tx.run(query`insert into "probe" ("id", "label") values (4, 'Faro')`);
      expect(await tx.all(query`select "label" from "probe" where "id" = 4`)).toEqual([{ label: 'Faro' }]);
      expect((await db.$client.execute(count)).rows[0]?.n).toBe(3);
    });
    expect((await db.$client.execute(count)).rows[0]?.n).toBe(4);
    reader.close();
  });

  it('leaves writes, unsafe integers and broken SQL to the client, which answers as before', async () => {
    const { db, plain, reader } = await pair();
    const write = await db.$client.execute({
      sql: 'update "probe" set "label" = ? where "id" = ?',
      args: ['Braga', 2],
    });
    expect(write.rowsAffected).toBe(1);
    expect(reader.select({ sql: 'update "probe" set "label" = ? where "id" = ?', args: ['x', 2] })).toBeUndefined();
    await db.$client.execute({ sql: 'update "probe" set "big" = ? where "id" = ?', args: [2n ** 60n, 1] });
    await plain.$client.execute({ sql: 'update "probe" set "big" = ? where "id" = ?', args: [2n ** 60n, 1] });
    await expect(db.$client.execute('select "big" from "probe" where "id" = 1')).rejects.toThrow(RangeError);
    await expect(db.$client.execute('select "nope" from "probe"')).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    await expect(plain.$client.execute('select "nope" from "probe"')).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    reader.close();
  });
});
