import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemo } from '@naav/db/seed';
import { createTestDatabase } from '@naav/db/testing';
import { hashPassword } from 'better-auth/crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuth } from '../src/auth';
import { createMailer } from '../src/mail/mailer';
import { secretFileName } from '../src/secret-file';
import { freePort, serverBundle } from './app-processes';
import { cookieHeader } from './harness';

// The server started exactly as `pnpm start` starts it: the package's own start script, run by
// a shell with node_modules/.bin on the PATH, with no NODE_ENV and no AUTH_SECRET set.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
// `pnpm build` writes dist/main.js, which the browser tests may be running from: this test runs
// the same script on a bundle of its own.
const startScript = (
  JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start.replace('dist/main.js', serverBundle());
const dataDir = mkdtempSync(join(tmpdir(), 'naav-start-'));
/** The value every copy of the server used to sign sessions with when AUTH_SECRET was unset. */
const publicDevelopmentSecret = 'naav-development-secret-not-for-production-use';
const running = new Set<ChildProcess>();

async function start(
  env: Record<string, string> = {},
): Promise<{ origin: string; output: () => string; stop: () => Promise<void> }> {
  const port = await freePort();
  const { NODE_ENV: _mode, AUTH_SECRET: _secret, ...inherited } = process.env;
  const child = spawn('sh', ['-c', startScript], {
    cwd: serverDir,
    // Its own process group, so stopping it stops node beneath the shell.
    detached: true,
    env: {
      ...inherited,
      PATH: [join(serverDir, 'node_modules', '.bin'), inherited['PATH'] ?? ''].join(delimiter),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_REQUESTS: 'false',
      WEB_DIST: join(dataDir, 'no-web-app'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      // 'close', not 'exit': the output it wrote last may still be in the pipe at exit.
      child.once('close', () => resolve());
      process.kill(-child.pid!, 'SIGTERM');
    }).finally(() => running.delete(child));
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (output.includes(`(port ${port},`)) return { origin: `http://127.0.0.1:${port}`, output: () => output, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the server did not start:\n${output}`);
}

/** A session for the demo agent, signed by another copy of the app that uses `secret`. */
async function agentSessionSignedWith(secret: string): Promise<string> {
  const db = await createTestDatabase();
  await seedDemo(db, { hashPassword });
  const origin = 'http://127.0.0.1';
  const mailer = createMailer({ from: 'Naav <no-reply@naav.example>', outboxDir: join(dataDir, 'forger-mail') });
  const auth = createAuth({ db, secret, baseURL: origin, trustedOrigins: [origin], mailer });
  const res = await auth.handler(
    new Request(`${origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'agent@naav.example', password: 'naav-demo' }),
    }),
  );
  expect(res.status).toBe(200);
  return cookieHeader(res);
}

afterAll(async () => {
  for (const child of running) if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('pnpm start', { timeout: 180_000 }, () => {
  it('runs in production with a secret of its own (0600, kept across restarts): forged sessions are refused and errors carry no stack', async () => {
    const first = await start();
    expect(first.output()).toMatch(/production mode/);
    const secretFile = join(dataDir, secretFileName);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const secret = readFileSync(secretFile, 'utf8').trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    // The attack from the issue: a session cookie signed with the old public value is nobody.
    const forged = await agentSessionSignedWith(publicDevelopmentSecret);
    const asForged = await fetch(`${first.origin}/api/clients`, { headers: { cookie: forged } });
    expect(asForged.status).toBe(401);
    expect((await fetch(`${first.origin}/api/me`, { headers: { cookie: forged } })).status).toBe(401);

    // Errors: no stack trace, no path of the machine's files.
    for (const path of [
      '/trpc/me.get',
      `/trpc/trips.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: '' } }))}`,
      '/api/trips/%00',
    ]) {
      const res = await fetch(`${first.origin}${path}`);
      const text = await res.text();
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(text, path).not.toMatch(/"stack":"|\bat .+:\d+:\d+|node_modules|\.ts:\d+/);
      expect(text, path).not.toContain(serverDir);
    }

    // A session made now survives a restart: the same secret is read back, not replaced.
    const signIn = await fetch(`${first.origin}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.origin },
      body: JSON.stringify({ email: 'traveller@naav.example', password: 'naav-demo' }),
    });
    expect(signIn.status).toBe(200);
    const session = cookieHeader(signIn)
      .split('; ')
      .filter((c) => c.startsWith('naav.session_token='))
      .join('; ');
    await first.stop();

    const second = await start();
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(secret);
    expect(second.output()).not.toMatch(/Created a random session secret/);
    expect((await fetch(`${second.origin}/api/me`, { headers: { cookie: session } })).status).toBe(200);

    // Booking text is read by the parser's worker thread, bundled beside main.js.
    const text = readFileSync(
      join(serverDir, '../../packages/api/src/routers/bookings/corpus/gmail-markup/restaurant-basic.jsonld.html'),
      'utf8',
    );
    const previewed = await fetch(`${second.origin}/api/trips/trip-kyoto/bookings/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: second.origin, cookie: session },
      body: JSON.stringify({ text }),
    });
    expect(previewed.status, await previewed.clone().text()).toBe(200);
    expect(((await previewed.json()) as { bookings: { title: string }[] }).bookings.map((b) => b.title)).toEqual([
      'Wagamama',
    ]);

    // The passkey library is loaded by its first call (scripts/build.mjs), not at start: it answers.
    const passkeyOptions = await fetch(`${second.origin}/api/auth/passkey/generate-register-options`, {
      headers: { origin: second.origin, cookie: session },
    });
    expect(passkeyOptions.status).toBe(200);
    expect(((await passkeyOptions.json()) as { challenge?: string }).challenge).toMatch(/^[\w-]{20,}$/);
    await second.stop();
  });

  it('logs one line per request, written in batches, and the last lines before it stops', async () => {
    const server = await start({ LOG_REQUESTS: 'true' });
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    // Written within a batch interval, not held until the buffer fills.
    const deadline = Date.now() + 10_000;
    while (!/GET \/api\/health 200 /.test(server.output()) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(server.output()).toMatch(/^GET \/api\/health 200 \d+\.\dms$/m);
    // Lines still in the buffer when the server is told to stop reach the output, in order.
    expect((await fetch(`${server.origin}/api/me`)).status).toBe(401);
    expect((await fetch(`${server.origin}/api/trips/none`)).status).toBe(401);
    await server.stop();
    const lines = server
      .output()
      .split('\n')
      .filter((l) => /^GET /.test(l));
    expect(lines).toEqual([
      expect.stringMatching(/^GET \/api\/health 200 /),
      expect.stringMatching(/^GET \/api\/me 401 /),
      expect.stringMatching(/^GET \/api\/trips\/none 401 /),
    ]);
  });
});
