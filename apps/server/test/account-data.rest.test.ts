import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { json, restError, sendAs } from './http';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});

interface ExportJob {
  id: string;
  status: string;
  downloadUrl?: string;
  expiresAt?: string;
}

/** Asks until the export is no longer being built (it is built in the background). */
async function settled(id: string, cookie: string): Promise<ExportJob> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const job = await json<ExportJob>(await sendAs(server, 'GET', `/api/me/export/${id}`, cookie));
    if (job.status !== 'pending' && job.status !== 'building') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export was never built');
}

describe('POST /api/me/export, GET /api/me/export/{id}', () => {
  it('builds a zip of the caller’s data, offered by a link that works once', async () => {
    const cookie = await server.signIn('traveller@naav.example');
    const asked = await json<ExportJob>(await sendAs(server, 'POST', '/api/me/export', cookie));
    expect(asked).toEqual({ id: expect.any(String), status: 'pending' });
    // Another traveller's export is not found, as a missing one.
    const other = await server.signIn('traveller2@naav.example');
    await restError(await sendAs(server, 'GET', `/api/me/export/${asked.id}`, other), 404, 'NOT_FOUND');

    const ready = await settled(asked.id, cookie);
    expect(ready).toEqual({
      id: asked.id,
      status: 'ready',
      downloadUrl: expect.stringMatching(new RegExp(`^/api/me/export/${asked.id}/download\\?token=[\\w-]+$`)),
      expiresAt: expect.any(String),
    });
    expect(Date.parse(ready.expiresAt!) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);

    await restError(await sendAs(server, 'GET', ready.downloadUrl!, other), 404, 'NOT_FOUND');
    const download = await sendAs(server, 'GET', ready.downloadUrl!, cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="naav-export-.+\.zip"$/);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const profile = JSON.parse(new TextDecoder().decode(zip['profile.json'])) as { user: { email: string }[] };
    expect(profile.user).toEqual([expect.objectContaining({ email: 'traveller@naav.example' })]);
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'trips.json',
        'budget.json',
        'calendars/trip-lisbon.ics',
        'expenses/trip-lisbon.csv',
      ]),
    );
    // The mail says it is ready, with the same link.
    const mail = await server.outboxMail('traveller@naav.example', /export is ready/);
    // The link is absolute, on whichever server built the export (two of them in two-servers.test.ts).
    expect(mail.text).toMatch(new RegExp(`https?://[^\\s/]+${ready.downloadUrl!.replace(/[?]/g, '\\?')}`));
    const account = new TextDecoder().decode(zip['account.json']);
    expect(account).not.toMatch(/"password"|"token"/);

    // Once only.
    await restError(await sendAs(server, 'GET', ready.downloadUrl!, cookie), 404, 'NOT_FOUND');
    expect(await json(await sendAs(server, 'GET', `/api/me/export/${asked.id}`, cookie))).toEqual({
      id: asked.id,
      status: 'downloaded',
    });
  });

  it('is 401 signed out', async () => {
    await restError(await sendAs(server, 'POST', '/api/me/export'), 401, 'UNAUTHORIZED');
  });
});

describe('DELETE /api/me', () => {
  it('needs the password; then sign-in fails at once and the address is free again', async () => {
    const email = 'leaving@example.org';
    const cookie = await server.signUp({ name: 'Lee Leaving', email, password: 'a-long-password-1' });
    const trip = await json<{ id: string }>(
      await sendAs(server, 'POST', '/api/trips', cookie, {
        title: 'Last trip',
        destination: 'Oslo',
        location: 'Oslo, Norway',
        startDate: '2030-01-01',
        endDate: '2030-01-03',
      }),
    );

    const wrong = await restError(
      await sendAs(server, 'DELETE', '/api/me', cookie, { password: 'not-it', sharedTrips: 'transfer' }),
      400,
      'BAD_REQUEST',
    );
    expect(wrong.issues?.map((i) => i.path.join('.'))).toEqual(['password']);
    const missing = await restError(
      await sendAs(server, 'DELETE', '/api/me', cookie, { password: 'a-long-password-1' }),
      400,
      'BAD_REQUEST',
    );
    expect(missing.issues?.map((i) => i.path.join('.'))).toEqual(['sharedTrips']);
    expect((await sendAs(server, 'GET', `/api/trips/${trip.id}`, cookie)).status).toBe(200);

    expect(
      await json(
        await sendAs(server, 'DELETE', '/api/me', cookie, { password: 'a-long-password-1', sharedTrips: 'transfer' }),
      ),
    ).toEqual({ deleted: true, transferredTrips: [] });
    await restError(await sendAs(server, 'GET', '/api/me', cookie), 401, 'UNAUTHORIZED');
    await expect(server.signIn(email, 'a-long-password-1')).rejects.toThrow();
    const again = await server.signUp({ name: 'Lee Again', email, password: 'another-password-2' });
    expect(await json(await sendAs(server, 'GET', '/api/me', again))).toMatchObject({ name: 'Lee Again', email });
    await restError(await sendAs(server, 'GET', `/api/trips/${trip.id}`, again), 404, 'NOT_FOUND');
  });
});
