import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { solidImage } from '@naav/api/testing';
import { createDatabase, migrateDatabase, migrationsFolder } from '@naav/db';
import { createClient } from '@libsql/client';
import { demoUsers } from '@naav/db/seed';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../src/backups';
import { type ServerProcess, signInOverHttp, spawnServer, waitUntilServing } from './server-process';

// The restore drill: a database filled through the API (a photo included) is backed up with
// `pnpm naav backup` while writes go on, restored with `pnpm naav restore` into a new folder,
// and a server started on the copy serves the same rows, table by table, and the same export of
// every person's data as the backup itself does.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'naav-drill-'));
const running: ServerProcess[] = [];

/** `pnpm naav <args>` with this configuration: its exit code and what it printed. */
function naav(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      join(serverDir, 'node_modules', '.bin', 'tsx'),
      ['src/cli.ts', ...args],
      { cwd: serverDir, env: { PATH: process.env['PATH'] ?? '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** Rows per table (search indexes' internals and the servers' leases aside). */
async function rowCounts(file: string): Promise<Record<string, number>> {
  const client = createClient({ url: `file:${file}` });
  try {
    const tables = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).rows
      .map((r) => String(r.name))
      .filter((n) => !/_search_|^sqlite_|^leases$/.test(n));
    const counts: Record<string, number> = {};
    for (const t of tables) counts[t] = Number((await client.execute(`SELECT count(*) AS n FROM "${t}"`)).rows[0]!.n);
    return counts;
  } finally {
    client.close();
  }
}

/**
 * A person's export from a running server, as a checksum per zip entry: what varies with the
 * moment it is made is left out (the README's date, calendars' DTSTAMP, and the sessions and audit
 * lines that signing in to ask for it adds to account.json).
 */
async function exportChecksums(origin: string, email: string): Promise<Record<string, string>> {
  const cookie = await signInOverHttp(origin, email);
  const headers = { cookie, origin };
  const asked = (await (await fetch(`${origin}/api/me/export`, { method: 'POST', headers })).json()) as { id: string };
  let link: string | undefined;
  for (let attempt = 0; attempt < 600 && !link; attempt++) {
    const job = (await (await fetch(`${origin}/api/me/export/${asked.id}`, { headers })).json()) as {
      status: string;
      downloadUrl?: string;
    };
    if (job.status === 'failed') throw new Error(`the export of ${email} failed`);
    link = job.downloadUrl;
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  const zip = unzipSync(new Uint8Array(await (await fetch(`${origin}${link}`, { headers })).arrayBuffer()));
  const sums: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(zip)) {
    if (name === 'README.txt') continue;
    let content: Uint8Array | string = bytes;
    if (name === 'account.json') {
      const {
        session: _s,
        audit_log: _a,
        ...rest
      } = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
      content = JSON.stringify(rest);
    } else if (name.endsWith('.ics')) {
      content = new TextDecoder().decode(bytes).replace(/^DTSTAMP:.*$/gm, '');
    }
    sums[name] = createHash('sha256').update(content).digest('hex');
  }
  return sums;
}

async function started(databaseFile: string, dataDir: string): Promise<ServerProcess> {
  const server = spawnServer({ databaseFile, env: { DATA_DIR: dataDir, DEMO_DATA: 'auto' } });
  running.push(server);
  await waitUntilServing(server);
  return server;
}

async function stopped(server: ServerProcess): Promise<void> {
  server.proc.kill('SIGTERM');
  await server.exited;
}

afterAll(async () => {
  for (const server of running) if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe('backup and restore', { timeout: 240_000 }, () => {
  it('restores a backup taken under writes into a new folder, where a server serves the same rows', async () => {
    const original = join(root, 'live', 'naav.db');
    const backups = join(root, 'backups');
    const server = await started(original, join(root, 'live'));
    const cookie = await signInOverHttp(server.origin);
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${server.origin}${path}`, {
        method,
        headers: { cookie, origin: server.origin, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

    // A trip with a photo, through the API.
    const trip = (await (
      await send('POST', '/api/trips', {
        title: 'Drill trip',
        destination: 'Porto',
        location: 'Porto, Portugal',
        startDate: '2030-05-01',
        endDate: '2030-05-04',
      })
    ).json()) as { id: string };
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await solidImage(64, 48, 'png'))], { type: 'image/png' }),
      'drill.png',
    );
    const upload = await fetch(`${server.origin}/api/trips/${trip.id}/photos`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const [photo] = (await upload.json()) as { id: string }[];
    const photoBytes = new Uint8Array(await (await send('GET', `/api/photos/${photo!.id}/file`)).arrayBuffer());

    // Writes keep coming while the backup is taken.
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        const res = await send('POST', `/api/trips/${trip.id}/events`, {
          title: `Stop ${written}`,
          date: '2030-05-02',
          type: 'activity',
        });
        if (res.ok) written += 1;
      }
    })();
    const env = { DATABASE_URL: `file:${original}`, BACKUP_DIR: backups, DATA_DIR: join(root, 'live') };
    while (written < 5) await new Promise((r) => setTimeout(r, 20));
    const backup = await naav(['backup'], env);
    const writtenDuringBackup = written;
    writing = false;
    await load;
    expect(backup.code, backup.output).toBe(0);
    expect(written).toBeGreaterThan(5);
    const [file] = readdirSync(backups).filter((n) => n.endsWith('.db'));
    const backupFile = join(backups, file!);
    expect(writtenDuringBackup).toBeGreaterThan(0);

    // Restoring over the live database is refused while its server runs.
    const refused = await naav(['restore', backupFile], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('A Naav server is using');

    // Into a new folder: checked, migrated, and served.
    const restoredFile = join(root, 'restored', 'naav.db');
    const restore = await naav(['restore', backupFile], {
      DATABASE_URL: `file:${restoredFile}`,
      DATA_DIR: join(root, 'restored'),
    });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('integrity ok');
    const expected = await rowCounts(backupFile);
    expect(expected['events']).toBeGreaterThan(5);
    expect(expected['photo_files']).toBeGreaterThanOrEqual(1);
    // Restored, before any server opens it: every table holds exactly the backup's rows.
    expect(await rowCounts(restoredFile)).toEqual(expected);

    // Every person's export from the restored database is the export the backup itself gives (a
    // server on an untouched copy of the file); the people the write load did not touch get the
    // same export from the live database too.
    const asTaken = join(root, 'as-taken', 'naav.db');
    mkdirSync(join(root, 'as-taken'), { recursive: true });
    cpSync(backupFile, asTaken);
    const asTakenServer = await started(asTaken, join(root, 'as-taken'));
    const restoredServer = await started(restoredFile, join(root, 'restored'));
    for (const person of Object.values(demoUsers)) {
      const fromRestored = await exportChecksums(restoredServer.origin, person.email);
      expect(Object.keys(fromRestored)).toEqual(expect.arrayContaining(['profile.json', 'trips.json']));
      expect(fromRestored, person.email).toEqual(await exportChecksums(asTakenServer.origin, person.email));
      if (person.email !== demoUsers.traveller.email)
        expect(fromRestored, person.email).toEqual(await exportChecksums(server.origin, person.email));
    }
    const travellerZip = await exportChecksums(restoredServer.origin, demoUsers.traveller.email);
    expect(Object.keys(travellerZip).filter((n) => n.startsWith(`photos/${trip.id}/`))).toHaveLength(1);
    await stopped(asTakenServer);
    await stopped(restoredServer);

    const copy = await started(restoredFile, join(root, 'restored'));
    const copyCookie = await signInOverHttp(copy.origin);
    const events = (await (
      await fetch(`${copy.origin}/api/trips/${trip.id}/events`, { headers: { cookie: copyCookie } })
    ).json()) as unknown[];
    const served = new Uint8Array(
      await (
        await fetch(`${copy.origin}/api/photos/${photo!.id}/file`, { headers: { cookie: copyCookie } })
      ).arrayBuffer(),
    );
    await stopped(copy);
    await stopped(server);
    // Signing in and the exports above add sessions, audit lines and export jobs on the copy; every
    // other table has exactly the backup's rows.
    const after = await rowCounts(restoredFile);
    expect(after.audit_log).toBeGreaterThan(expected.audit_log ?? 0);
    const besides = { session: 0, audit_log: 0, export_jobs: 0 };
    expect({ ...after, ...besides }).toEqual({ ...expected, ...besides });
    expect(events.length).toBeGreaterThan(5);
    expect(served).toEqual(photoBytes);
  });

  it('refuses a damaged file, and a file that is no database, before touching the target', async () => {
    const target = join(root, 'untouched', 'naav.db');
    const env = { DATABASE_URL: `file:${target}`, DATA_DIR: join(root, 'untouched') };
    const garbage = join(root, 'garbage.db');
    writeFileSync(garbage, 'not a database at all, just text that goes on and on'.repeat(200));
    const result = await naav(['restore', garbage], env);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/not a database SQLite can read|damaged/);
    expect(existsSync(target)).toBe(false);

    const empty = join(root, 'empty.db');
    const client = createClient({ url: `file:${empty}` });
    await client.execute('CREATE TABLE t (x)');
    client.close();
    const notNaav = await naav(['restore', empty], env);
    expect(notNaav.code).toBe(1);
    expect(notNaav.output).toContain('not a Naav database');
    expect(existsSync(target)).toBe(false);
  });

  it('migrates a backup of an older version forward, and refuses one of a newer version', async () => {
    // The migrations of the version before the newest: the journal without its last entry.
    const older = join(root, 'older-migrations');
    cpSync(migrationsFolder, older, { recursive: true });
    const journalFile = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string; when: number }[] };
    const all = journal.entries.length;
    journal.entries.pop();
    writeFileSync(journalFile, JSON.stringify(journal));
    const oldFile = join(root, 'old.db');
    const oldDb = createDatabase({ url: `file:${oldFile}` });
    await migrateDatabase(oldDb, older);
    oldDb.$client.close();

    const target = join(root, 'forward', 'naav.db');
    await restoreBackup(oldFile, { file: target }, () => undefined);
    const restored = createClient({ url: `file:${target}` });
    const applied = await restored.execute('SELECT count(*) AS n FROM __drizzle_migrations');
    restored.close();
    expect(Number(applied.rows[0]!.n)).toBe(all);

    const future = join(root, 'future.db');
    cpSync(oldFile, future);
    const newer = createClient({ url: `file:${future}` });
    await newer.execute({
      sql: 'INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)',
      args: ['x', 9e12],
    });
    newer.close();
    await expect(restoreBackup(future, { file: join(root, 'never', 'naav.db') }, () => undefined)).rejects.toThrow(
      'comes from a newer version of Naav',
    );
    expect(existsSync(join(root, 'never', 'naav.db'))).toBe(false);
  });
});
