import { ensureAdmin } from '@naav/api/server';
import { schema } from '@naav/db';
import { demoUsers } from '@naav/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestServer, testOrigin, type TestServer } from './harness';
import { json, restError, sendAs } from './http';
import { linkIn, startSmtpSink, type SmtpSink } from './mail';

// The administrator's REST paths, with invitations mailed through a real SMTP server.
let smtp: SmtpSink;
let server: TestServer;
let admin: string;
let agent: string;
let client: string;

const noMail = { sendInvitation: () => Promise.reject(new Error('no mail expected')) };

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await createTestServer({ smtpUrl: smtp.url });
  // The first admin, as `pnpm naav admin create traveller2@naav.example` makes them.
  expect(await ensureAdmin(server.db, noMail, demoUsers.traveller2.email)).toBe('promoted');
  expect(await ensureAdmin(server.db, noMail, demoUsers.traveller2.email)).toBe('already');
  [admin, agent, client] = await Promise.all([
    server.signIn(demoUsers.traveller2.email),
    server.signIn(demoUsers.agent.email),
    server.signIn(demoUsers.traveller.email),
  ]);
}, 60_000);
afterAll(() => smtp.close());

const send = (method: string, path: string, cookie?: string, body?: unknown) =>
  sendAs(server, method, path, cookie, body);
const fresh = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.org`;
const password = 'wander-far-and-wide-7';

interface AdminUser {
  id: string;
  email: string;
  role: string;
  active: boolean;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  lastSeenAt: string | null;
}
interface AuditEntry {
  id: number;
  actorId: string | null;
  actorEmail: string | null;
  targetId: string | null;
  action: string;
  summary: string;
  clientAddress: string | null;
}

async function invite(email: string, role = 'agent') {
  const invitation = await json<{ email: string; role: string; expiresAt: string }>(
    await send('POST', '/api/admin/invitations', admin, { email, role }),
  );
  const mail = await smtp.waitFor(email, /You are invited to Naav/);
  return { invitation, mail, token: linkIn(mail, `${testOrigin}/invitations/`).split('/invitations/')[1] ?? '' };
}

describe('admin paths answer 403 to everyone else', { timeout: 30_000 }, () => {
  const paths: [string, string, unknown?][] = [
    ['GET', '/api/admin/users'],
    ['PATCH', `/api/admin/users/${demoUsers.traveller.id}`, { role: 'agent' }],
    ['POST', `/api/admin/users/${demoUsers.traveller.id}/reset-two-factor`],
    ['POST', '/api/admin/invitations', { email: 'someone@example.org', role: 'agent' }],
    ['GET', '/api/admin/audit'],
  ];
  it.each(paths)('%s %s', async (method, path, body) => {
    await restError(await send(method, path, client, body), 403, 'FORBIDDEN');
    await restError(await send(method, path, agent, body), 403, 'FORBIDDEN');
    await restError(await send(method, path, undefined, body), 401, 'UNAUTHORIZED');
  });
});

describe('invitations', { timeout: 30_000 }, () => {
  it('mails a link that sets a password once and answers a signed-in session', async () => {
    const email = fresh('agent');
    const { invitation, mail, token } = await invite(email.toUpperCase());
    expect(invitation.email).toBe(email);
    expect(invitation.role).toBe('agent');
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(mail.text).toContain('as a travel agent');
    expect(mail.text).toContain('Sam Rivera invited you');

    expect(await json(await send('GET', `/api/invitations/${token}`))).toMatchObject({ email, role: 'agent' });
    const tooShort = await restError(
      await send('POST', `/api/invitations/${token}/accept`, undefined, { name: 'Casey', password: 'short' }),
      400,
      'BAD_REQUEST',
    );
    expect(tooShort.issues?.[0]?.path).toEqual(['password']);
    const common = await restError(
      await send('POST', `/api/invitations/${token}/accept`, undefined, { name: 'Casey', password: 'password123' }),
      400,
      'BAD_REQUEST',
    );
    expect(common.issues?.[0]?.path).toEqual(['password']);

    const accepted = await send('POST', `/api/invitations/${token}/accept`, undefined, {
      name: 'Casey Agent',
      password,
    });
    expect(await json(accepted.clone())).toMatchObject({ email, role: 'agent' });
    const session = cookieHeader(accepted);
    expect(session).toContain('naav.session_token=');
    expect(await json(await send('GET', '/api/me', session))).toMatchObject({
      email,
      name: 'Casey Agent',
      role: 'agent',
      emailVerified: true,
    });
    // Single use.
    await restError(
      await send('POST', `/api/invitations/${token}/accept`, undefined, { name: 'Again', password }),
      404,
      'NOT_FOUND',
    );
    await restError(await send('GET', `/api/invitations/${token}`), 404, 'NOT_FOUND');
    // The password works for a sign-in of its own.
    expect(cookieHeader(await send('POST', '/api/auth/sign-in/email', undefined, { email, password }))).toContain(
      'naav.session_token=',
    );
  });

  it('refuses an address with an account, a bad role, a made-up and an expired link', async () => {
    const taken = await restError(
      await send('POST', '/api/admin/invitations', admin, { email: demoUsers.traveller.email, role: 'agent' }),
      400,
      'BAD_REQUEST',
    );
    expect(taken.issues?.[0]?.path).toEqual(['email']);
    const role = await restError(
      await send('POST', '/api/admin/invitations', admin, { email: fresh('x'), role: 'owner' }),
      400,
      'BAD_REQUEST',
    );
    expect(role.issues?.[0]?.path).toEqual(['role']);
    await restError(
      await send('POST', '/api/invitations/not-a-token/accept', undefined, { name: 'X', password }),
      404,
      'NOT_FOUND',
    );

    const email = fresh('late');
    const { token } = await invite(email);
    await server.db
      .update(schema.invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.invitations.email, email));
    await restError(
      await send('POST', `/api/invitations/${token}/accept`, undefined, { name: 'Late', password }),
      404,
      'NOT_FOUND',
    );
    const [user] = await server.db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(user).toBeUndefined();
  });

  it('a second invitation to the same address replaces the first', async () => {
    const email = fresh('twice');
    const first = await invite(email);
    smtp.received.length = 0;
    const second = await invite(email, 'admin');
    await restError(await send('GET', `/api/invitations/${first.token}`), 404, 'NOT_FOUND');
    expect(await json(await send('GET', `/api/invitations/${second.token}`))).toMatchObject({ role: 'admin' });
  });
});

describe('users', { timeout: 30_000 }, () => {
  it('lists everyone by name with search and pages', async () => {
    const all = await json<{ items: AdminUser[]; nextCursor: string | null }>(
      await send('GET', '/api/admin/users?limit=200', admin),
    );
    const agentRow = all.items.find((u) => u.id === demoUsers.agent.id);
    expect(agentRow).toMatchObject({ role: 'agent', active: true, emailVerified: true, twoFactorEnabled: false });
    expect(agentRow?.lastSeenAt).toEqual(expect.any(String));
    const names = all.items.map((u) => (u as unknown as { name: string }).name);
    expect(names).toEqual([...names].sort());

    const found = await json<{ items: AdminUser[] }>(await send('GET', '/api/admin/users?q=JORDAN', admin));
    expect(found.items.map((u) => u.id)).toEqual([demoUsers.agent.id]);

    const first = await json<{ items: AdminUser[]; nextCursor: string }>(
      await send('GET', '/api/admin/users?limit=2', admin),
    );
    expect(first.items).toHaveLength(2);
    const second = await json<{ items: AdminUser[] }>(
      await send('GET', `/api/admin/users?limit=2&cursor=${first.nextCursor}`, admin),
    );
    expect(second.items[0]?.id).toBe(all.items[2]?.id);
    const cursor = await restError(await send('GET', '/api/admin/users?cursor=nonsense', admin), 400, 'BAD_REQUEST');
    expect(cursor.issues?.[0]?.path).toEqual(['cursor']);
  });

  it('changes a role; an admin cannot change their own or deactivate themselves', async () => {
    const email = fresh('promoted');
    const { token } = await invite(email, 'client');
    const { userId } = await json<{ userId: string }>(
      await send('POST', `/api/invitations/${token}/accept`, undefined, { name: 'Pat', password }),
    );
    expect(await json(await send('PATCH', `/api/admin/users/${userId}`, admin, { role: 'agent' }))).toMatchObject({
      role: 'agent',
    });
    const own = await restError(
      await send('PATCH', `/api/admin/users/${demoUsers.traveller2.id}`, admin, { role: 'client' }),
      400,
      'BAD_REQUEST',
    );
    expect(own.issues?.[0]?.path).toEqual(['role']);
    const self = await restError(
      await send('PATCH', `/api/admin/users/${demoUsers.traveller2.id}`, admin, { active: false }),
      400,
      'BAD_REQUEST',
    );
    expect(self.issues?.[0]?.path).toEqual(['active']);
    await restError(await send('PATCH', '/api/admin/users/nobody', admin, { role: 'agent' }), 404, 'NOT_FOUND');
  });

  it('deactivating ends every session at once and refuses sign-in; reactivating lets them in again', async () => {
    const email = fresh('leaver');
    const { token } = await invite(email);
    const accepted = await send('POST', `/api/invitations/${token}/accept`, undefined, { name: 'Lee', password });
    const { userId } = await json<{ userId: string }>(accepted.clone());
    const session = cookieHeader(accepted);
    expect((await send('GET', '/api/me', session)).status).toBe(200);

    const off = await json<AdminUser>(await send('PATCH', `/api/admin/users/${userId}`, admin, { active: false }));
    expect(off.active).toBe(false);
    await restError(await send('GET', '/api/me', session), 401, 'UNAUTHORIZED');
    const refused = await send('POST', '/api/auth/sign-in/email', undefined, { email, password });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
    expect(cookieHeader(refused)).not.toContain('naav.session_token=');

    expect(await json(await send('PATCH', `/api/admin/users/${userId}`, admin, { active: true }))).toMatchObject({
      active: true,
    });
    const back = await send('POST', '/api/auth/sign-in/email', undefined, { email, password });
    expect(back.status).toBe(200);
  });

  it('resets two-factor sign-in', async () => {
    const id = demoUsers.traveller.id;
    await server.db.update(schema.user).set({ twoFactorEnabled: true }).where(eq(schema.user.id, id));
    await server.db.insert(schema.twoFactor).values({ id: 'tf-reset', secret: 's', backupCodes: 'b', userId: id });
    const reset = await json<AdminUser>(await send('POST', `/api/admin/users/${id}/reset-two-factor`, admin));
    expect(reset.twoFactorEnabled).toBe(false);
    expect(await server.db.select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, id))).toEqual([]);
  });
});

describe('agents and their clients', { timeout: 30_000 }, () => {
  it('PUT /api/clients/{id}/agent assigns a client; another agent then gets 404 for them; null unassigns', async () => {
    const email = fresh('second-agent');
    const { token } = await invite(email);
    const accepted = await send('POST', `/api/invitations/${token}/accept`, undefined, { name: 'Kim', password });
    const { userId: secondId } = await json<{ userId: string }>(accepted.clone());
    const second = cookieHeader(accepted);
    const path = `/api/clients/${demoUsers.traveller.id}/agent`;

    await restError(await send('PUT', path, client, { agentId: secondId }), 403, 'FORBIDDEN');
    const bad = await restError(
      await send('PUT', path, agent, { agentId: demoUsers.traveller.id }),
      400,
      'BAD_REQUEST',
    );
    expect(bad.issues?.[0]?.path).toEqual(['agentId']);
    expect(await json(await send('PUT', path, agent, { agentId: secondId }))).toMatchObject({
      id: demoUsers.traveller.id,
      agent: { id: secondId, name: 'Kim' },
    });
    await restError(
      await send('GET', `/api/concierge/agent/conversations/${demoUsers.traveller.id}`, agent),
      404,
      'NOT_FOUND',
    );
    const mine = await json<{ id: string }[]>(await send('GET', '/api/clients', agent));
    expect(mine.map((c) => c.id)).not.toContain(demoUsers.traveller.id);
    expect((await send('GET', `/api/concierge/agent/conversations/${demoUsers.traveller.id}`, second)).status).toBe(
      200,
    );
    // The invited agent sees their client's proposals; the other agent no longer does.
    const clientOf = async (cookie: string) =>
      new Set((await json<{ userId: string }[]>(await send('GET', '/api/proposals', cookie))).map((p) => p.userId));
    expect(await clientOf(second)).toContain(demoUsers.traveller.id);
    expect(await clientOf(agent)).not.toContain(demoUsers.traveller.id);
    await restError(await send('PUT', path, agent, { agentId: null }), 404, 'NOT_FOUND');
    expect(await json(await send('PUT', path, admin, { agentId: null }))).toMatchObject({ agent: null });
  });
});

describe('the audit log', { timeout: 30_000 }, () => {
  it('records sign-ins, failed ones, sign-outs, password changes and sharing changes', async () => {
    const email = demoUsers.traveller.email;
    const wrong = await send('POST', '/api/auth/sign-in/email', undefined, { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const cookie = await server.signIn(email);
    expect((await send('POST', `/api/trips/trip-lisbon/share`, cookie, {})).status).toBe(200);
    expect((await send('POST', '/api/auth/sign-out', cookie, {})).status).toBe(200);

    const events = await json<{ items: AuditEntry[] }>(await send('GET', '/api/admin/audit?limit=10', admin));
    const mine = events.items.filter((e) => e.targetId === demoUsers.traveller.id || e.actorEmail === email);
    expect(mine.slice(0, 4).map((e) => [e.action, e.summary])).toEqual([
      ['sign-out', 'signed out'],
      ['sharing.changed', 'share link turned on'],
      ['sign-in', 'signed in with a password'],
      ['sign-in.failed', 'wrong e-mail or password'],
    ]);
    const failed = mine[3];
    expect(failed).toMatchObject({ actorId: null, actorEmail: email, targetId: demoUsers.traveller.id });
    expect(failed?.clientAddress).toEqual(expect.any(String));
  });

  it('records the steps above, newest first, with filters and pages', async () => {
    const page = await json<{ items: AuditEntry[]; nextCursor: string | null }>(
      await send('GET', '/api/admin/audit?limit=200', admin),
    );
    const actions = page.items.map((e) => e.action);
    for (const action of [
      'user.admin-created',
      'invitation.sent',
      'invitation.accepted',
      'user.role-changed',
      'user.deactivated',
      'user.reactivated',
      'two-factor.reset',
    ])
      expect(actions).toContain(action);
    const ids = page.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const deactivated = page.items.find((e) => e.action === 'user.deactivated');
    expect(deactivated).toMatchObject({ actorId: demoUsers.traveller2.id, actorEmail: demoUsers.traveller2.email });
    expect(deactivated?.summary).toContain('deactivated');

    const sent = await json<{ items: AuditEntry[] }>(
      await send('GET', '/api/admin/audit?action=invitation.sent', admin),
    );
    expect(sent.items.length).toBeGreaterThan(0);
    expect(sent.items.every((e) => e.action === 'invitation.sent')).toBe(true);
    const byAdmin = await json<{ items: AuditEntry[] }>(
      await send('GET', `/api/admin/audit?actor=${demoUsers.traveller2.id}`, admin),
    );
    expect(byAdmin.items.every((e) => e.actorId === demoUsers.traveller2.id)).toBe(true);

    const first = await json<{ items: AuditEntry[]; nextCursor: string }>(
      await send('GET', '/api/admin/audit?limit=1', admin),
    );
    const second = await json<{ items: AuditEntry[] }>(
      await send('GET', `/api/admin/audit?limit=1&cursor=${first.nextCursor}`, admin),
    );
    expect(second.items[0]?.id).toBe(ids[1]);
    const action = await restError(await send('GET', '/api/admin/audit?action=nope', admin), 400, 'BAD_REQUEST');
    expect(action.issues?.[0]?.path).toEqual(['action']);
  });
});
