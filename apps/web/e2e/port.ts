import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The port the browser tests' server listens on: E2E_PORT when set, else one the system
// reports free, so two runs on one machine never collide. Picked once, in the runner's main
// process (playwright.config.ts imports this first); the test workers it starts inherit the
// environment and read the same number.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

if (!process.env['E2E_PORT']) process.env['E2E_PORT'] = String(await freePort());
// The test SMTP server's port (E2E_MAIL_PORT), picked the same way.
if (!process.env['E2E_MAIL_PORT']) process.env['E2E_MAIL_PORT'] = String(await freePort());

// The main server's SMTP listener for forwarding addresses (E2E_INBOUND_PORT), picked the same way.
if (!process.env['E2E_INBOUND_PORT']) process.env['E2E_INBOUND_PORT'] = String(await freePort());

// The test OpenID provider's port (E2E_IDP_PORT: e2e/oidc-idp.ts, the main server's OIDC_ISSUER), picked the same way.
if (!process.env['E2E_IDP_PORT']) process.env['E2E_IDP_PORT'] = String(await freePort());

export const e2ePort = Number(process.env['E2E_PORT']);
export const e2eIdpPort = Number(process.env['E2E_IDP_PORT']);
export const e2eInboundPort = Number(process.env['E2E_INBOUND_PORT']);
export const e2eMailPort = Number(process.env['E2E_MAIL_PORT']);
// The temporary database every app server of a run shares (live.spec.ts starts a second server on it).
if (!process.env['E2E_DATABASE_FILE']) process.env['E2E_DATABASE_FILE'] = join(tmpdir(), `naav-e2e-${Date.now()}.db`);

export const e2eDatabaseFile = process.env['E2E_DATABASE_FILE'];
