import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBundle } from './app-processes';

// `pnpm start` when something already listens on the port: the real server process (the bundle
// it runs) on a port this test holds open.

const serverDir = fileURLToPath(new URL('..', import.meta.url));

describe('starting on a port that is taken', { timeout: 120_000 }, () => {
  let holder: Server;
  let port: number;

  beforeAll(async () => {
    holder = createServer();
    holder.listen(0, '127.0.0.1');
    await once(holder, 'listening');
    port = (holder.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it('says in one line which port is taken and how to choose another, with no stack trace, and exits with 1', async () => {
    const child = spawn(process.execPath, [serverBundle()], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: ':memory:',
        DEMO_DATA: 'off',
        HOST: '127.0.0.1',
        PORT: String(port),
        PHOTOS_DIR: join(tmpdir(), 'naav-port-test-photos'),
        WEB_DIST: join(tmpdir(), 'naav-no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];

    expect(code).toBe(1);
    const lines = stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([
      `Port ${port} on 127.0.0.1 is already in use. Stop what is using it, or choose another port: PORT=${port + 1} pnpm start`,
    ]);
    expect(stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
  });
});
