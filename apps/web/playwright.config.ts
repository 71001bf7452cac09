import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  browserContextDefaults,
  e2eDatabaseFile,
  e2eIdpPort,
  e2eInboundPort,
  e2eMailPort,
  e2eOrigin,
  e2ePort,
  e2eServerEnv,
  e2eSso,
} from './e2e/support';

// Browser tests run against the production build: the bundled server (apps/server/dist,
// `pnpm test:e2e` builds it) serving the built web app, on a fresh temporary database
// loaded with the demo, on loopback only.
const baseURL = e2eOrigin;
const databaseFile = e2eDatabaseFile;
const tsx = resolve('../server/node_modules/.bin/tsx');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // Two workers. A third keeps both cores busy when the suite runs alone (431 to 389 s, the same
  // CPU-seconds), but in `pnpm test` it takes CPU from the unit tests beside it, which then finish
  // last: the whole command went from 623 to 650 s on a 2-core machine.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // Generous: a shared 2-core machine can be slow, and `pnpm test` runs the typecheck and the
  // unit tests beside these; a real failure still fails, only later.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  use: {
    ...browserContextDefaults,
    // No trace: recording one for every test (each action's DOM snapshot, kept only on failure)
    // took a fifth of the suite's CPU (1,083 against 871 CPU-seconds for the whole suite). A
    // failing test still leaves its error, the page's accessibility snapshot (error-context.md)
    // and a screenshot in test-results/; `--trace on` records traces when one is needed.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell (scripts/ensure-chromium.sh): the same Blink as the full browser
      // without its window and UI processes, about 40 % less CPU per test on a 2-core machine.
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      // A real SMTP server first: the app sends every message there (SMTP_URL) and the tests read them.
      command: `${tsx} ${resolve('e2e/mail-sink.ts')}`,
      port: e2eMailPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The agency's OpenID provider, for single sign-on (e2e/sso.spec.ts).
      command: `${tsx} ${resolve('e2e/oidc-idp.ts')}`,
      port: e2eIdpPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `${JSON.stringify(process.execPath)} ${resolve('../server/dist/main.js')}`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...e2eServerEnv,
        // Any file of the server's (a photo folder with PHOTO_STORE=dir, mail) beside the temporary database, not in the working tree.
        DATA_DIR: `${databaseFile}.data`,
        PORT: String(e2ePort),
        // This server alone listens for forwarded confirmations (a second server would need a port of its own).
        INBOUND_SMTP_PORT: String(e2eInboundPort),
        MAIL_DOMAIN: 'in.naav.example',
        OIDC_ISSUER: e2eSso.issuer,
        OIDC_CLIENT_ID: e2eSso.clientId,
        OIDC_CLIENT_SECRET: e2eSso.clientSecret,
        OIDC_NAME: e2eSso.name,
        OIDC_EMAIL_DOMAINS: e2eSso.domain,
        OIDC_ROLE: 'agent',
      },
    },
  ],
});
