import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { demoPassword } from '@naav/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFrom as get, postTo as post, signInTo as signIn } from './app-process-calls';
import { serverBundle, startAppProcesses, type AppProcess, type AppProcesses } from './app-processes';
import { cookieHeader } from './harness';
import { json, restError } from './http';
import { linkIn, readMailFolder } from './mail';

// The first admin from ADMIN_EMAILS and `naav admin create` (the bundled dist/cli.js), and a
// deactivation on one production server ending the person's session and live stream on another.
let pair: AppProcesses;
let a: AppProcess;
let b: AppProcess;
const adminEmails = 'traveller2@naav.example,boss@example.org';

beforeAll(async () => {
  pair = await startAppProcesses({ count: 2, env: { ADMIN_EMAILS: adminEmails, AUTH_RATE_LIMIT: 'false' } });
  [a, b] = pair.servers as [AppProcess, AppProcess];
}, 180_000);
afterAll(async () => {
  await pair?.stop();
});

const dataDirOf = (index: number) => join(dirname(pair.databaseFile), `server-${String.fromCharCode(97 + index)}`);

describe('the first administrator', { timeout: 120_000 }, () => {
  it('ADMIN_EMAILS makes an existing account an admin and invites a new address once', async () => {
    expect(a.output()).toContain('ADMIN_EMAILS: traveller2@naav.example is now an administrator.');
    expect(a.output()).toContain('ADMIN_EMAILS: invited boss@example.org to join as an administrator.');
    // The second server found both done.
    expect(b.output()).not.toContain('ADMIN_EMAILS:');
    const admin = await signIn(b, 'traveller2@naav.example');
    expect(await json(await get(b, '/api/me', admin))).toMatchObject({ role: 'admin' });

    // Without SMTP_URL the invitation is a file in the first server's data folder; its link is the app's.
    const [mail] = await readMailFolder(join(dataDirOf(0), 'data', 'mail'));
    expect(mail?.to).toEqual(['boss@example.org']);
    const token = linkIn(mail!, a.baseUrl).split('/invitations/')[1];
    const accepted = await post(b, `/api/invitations/${token}/accept`, {
      name: 'Bo Boss',
      password: 'a-long-new-password-1',
    });
    expect(await json(accepted.clone())).toMatchObject({ email: 'boss@example.org', role: 'admin' });
    expect(await json(await get(a, '/api/me', cookieHeader(accepted)))).toMatchObject({
      role: 'admin',
      name: 'Bo Boss',
    });
  });

  it('`naav admin create` makes an existing account an admin, and says so', async () => {
    const cli = join(dirname(serverBundle()), 'cli.js');
    const run = promisify(execFile);
    const { stdout } = await run(process.execPath, [cli, 'admin', 'create', 'Traveller@naav.example'], {
      cwd: dataDirOf(0),
      env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: `file:${pair.databaseFile}` },
    });
    expect(stdout).toContain('traveller@naav.example is now an administrator.');
    const cookie = await signIn(b, 'traveller@naav.example');
    expect(await json(await get(b, '/api/me', cookie))).toMatchObject({ role: 'admin' });
    await expect(run(process.execPath, [cli, 'admin', 'create'], { cwd: dataDirOf(0) })).rejects.toMatchObject({
      code: 2,
    });
  });
});

describe('deactivation on two servers', { timeout: 120_000 }, () => {
  it("ends the agent's session and live stream on the other server at once, and refuses their sign-in", async () => {
    const admin = await signIn(a, 'traveller2@naav.example');
    const agent = await signIn(b, 'agent@naav.example');
    const stream = await fetch(`${b.baseUrl}/api/stream?topics=concierge`, { headers: { cookie: agent } });
    expect(stream.status).toBe(200);
    const users = await json<{ items: { id: string; email: string }[] }>(
      await get(a, '/api/admin/users?q=agent%40naav', admin),
    );
    const agentId = users.items[0]?.id;
    expect(users.items.map((u) => u.email)).toEqual(['agent@naav.example']);

    const off = await post(a, `/api/admin/users/${agentId}`, { active: false }, admin, 'PATCH');
    expect(await json(off)).toMatchObject({ active: false });
    await restError(await get(b, '/api/me', agent), 401, 'UNAUTHORIZED');
    // The open stream on B ends by itself (its session row is gone).
    const reader = stream.body!.getReader();
    for (;;) if ((await reader.read()).done) break;
    const refused = await post(b, '/api/auth/sign-in/email', { email: 'agent@naav.example', password: demoPassword });
    expect(refused.status).toBe(403);

    const audit = await json<{ items: { action: string; targetId: string }[] }>(
      await get(b, '/api/admin/audit?action=user.deactivated', admin),
    );
    expect(audit.items[0]?.targetId).toBe(agentId);
  });
});
