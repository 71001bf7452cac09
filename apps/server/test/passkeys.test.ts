import { schema } from '@naav/db';
import { demoUsers } from '@naav/db/seed';
import { desc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, testOrigin } from './harness';
import { json } from './http';

// The browser ceremony itself is tested with Chromium's virtual authenticator
// (apps/web/e2e/passkeys.spec.ts); these are the server's answers around it.
let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await createTestServer({ inProcess: true });
  cookie = await server.signIn(demoUsers.traveller.email);
});

const lastAudit = async () =>
  (await server.db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1))[0];

describe('passkeys', () => {
  it('offers registration to a signed-in person, for this site', async () => {
    const options = await json<{ rp: { id: string; name: string }; user: { name: string } }>(
      await server.request('/api/auth/passkey/generate-register-options', { headers: { cookie } }),
    );
    expect(options.rp).toEqual({ id: 'localhost', name: 'Naav' });
    expect(options.user.name).toBe(demoUsers.traveller.email);
    expect((await server.request('/api/auth/passkey/generate-register-options')).status).toBe(401);
  });

  it('lists none at first, and refuses a forged passkey sign-in, recording it', async () => {
    expect(await json(await server.request('/api/auth/passkey/list-user-passkeys', { headers: { cookie } }))).toEqual(
      [],
    );
    const refused = await server.request('/api/auth/passkey/verify-authentication', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testOrigin },
      body: JSON.stringify({ response: { id: 'forged', rawId: 'forged', type: 'public-key', response: {} } }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.getSetCookie().join(';')).not.toContain('naav.session_token=');
    expect(await lastAudit()).toMatchObject({ action: 'sign-in.failed', summary: 'passkey refused' });
  });
});
