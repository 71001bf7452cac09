import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoPassword } from '@naav/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcesses, type AppProcesses } from './app-processes';

// An integrator's view, from outside the server's code: a production server is started as a
// process, a client is generated from its live /api/openapi.json with openapi-typescript, a plain
// Node script (external-client/proposal-loop.mjs) is type-checked against those types and run as a
// child process with openapi-fetch: tokens made over the API, the proposal loop, and a receiver
// that verifies webhooks with `standardwebhooks` and fails the first delivery.

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const script = fileURLToPath(new URL('external-client/proposal-loop.mjs', import.meta.url));
const require = createRequire(join(serverDir, 'package.json'));
const binOf = (manifest: string, name: string) => {
  const { bin } = require(manifest) as { bin: Record<string, string> };
  return join(dirname(manifest), bin[name]!);
};

/** Runs `node <args>` in apps/server; resolves with its output once it exited 0. */
function run(args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: serverDir,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')} exited ${code}:\n${out}\n${err}`)),
    );
  });
}

let servers: AppProcesses;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'naav-client-'));
  servers = await startAppProcesses({
    count: 1,
    env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '200' },
  });
}, 180_000);
afterAll(async () => {
  await servers?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('an integrator’s generated client', { timeout: 180_000 }, () => {
  it('generates types from /api/openapi.json, type-checks the script against them and runs the proposal loop', async () => {
    const baseUrl = servers.servers[0]!.baseUrl;
    const types = join(work, 'naav-api.d.ts');
    await run([
      binOf(require.resolve('openapi-typescript/package.json'), 'openapi-typescript'),
      `${baseUrl}/api/openapi.json`,
      '-o',
      types,
    ]);

    // The script's calls, bodies and answers are checked against the generated paths (strict).
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          allowJs: true,
          checkJs: true,
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [join(serverDir, 'node_modules/@types')],
          paths: { 'naav-api': ['./naav-api.d.ts'] },
        },
        files: [script],
      }),
    );
    await run([binOf(require.resolve('typescript/package.json'), 'tsc'), '-p', join(work, 'tsconfig.json')]);

    const out = await run([script], {
      NAAV_URL: baseUrl,
      AGENT_EMAIL: 'agent@naav.example',
      CLIENT_EMAIL: 'traveller@naav.example',
      PASSWORD: demoPassword,
    });
    const result = JSON.parse(out) as {
      tripId: string;
      attempts: { id: string; type: string; status: number }[];
      kept: { id: string; type: string; data: Record<string, unknown> }[];
    };

    // proposal.accepted arrived once, with the new trip's id, after one failed attempt and a retry.
    const accepted = result.kept.filter((e) => e.type === 'proposal.accepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.data).toMatchObject({
      tripId: result.tripId,
      status: 'approved',
      previousStatus: 'submitted',
      title: 'Porto weekend',
    });
    expect(result.attempts.filter((a) => a.type === 'proposal.accepted')).toEqual([
      { id: accepted[0]!.id, type: 'proposal.accepted', status: 500 },
      { id: accepted[0]!.id, type: 'proposal.accepted', status: 204 },
    ]);
    // Nothing else was sent before the test event that closed the run, and nothing was unverified.
    expect(result.attempts.map((a) => a.type)).toEqual(['proposal.accepted', 'proposal.accepted', 'webhook.test']);
  });
});
