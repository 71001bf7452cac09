import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createFileSystemPhotoStore } from '@naav/api';
import { createDatabase, migrateDatabase, tuneEmbedded } from '@naav/db';
import { demoPassword, demoUsers, isDatabaseEmpty, seedDemo } from '@naav/db/seed';
import { hashPassword } from 'better-auth/crypto';
import { createApp } from './app';
import { createAuth } from './auth';
import { parseEnv } from './env';
import { createMailer } from './mail/mailer';
import { startRatesRefresh } from './rates-refresh';
import { loadOrCreateSecret } from './secret-file';

let env: ReturnType<typeof parseEnv>;
let secret: string;
try {
  env = parseEnv();
  if (env.AUTH_SECRET) secret = env.AUTH_SECRET;
  else {
    const made = loadOrCreateSecret(env.DATA_DIR);
    if (made.created) console.log(`Created a random session secret in ${made.file} (set AUTH_SECRET to use your own).`);
    secret = made.secret;
  }
} catch (error) {
  // One clear line, no stack trace.
  console.error((error as Error).message);
  process.exit(1);
}

const db = createDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
await tuneEmbedded(db, env.DATABASE_URL);
await migrateDatabase(db);

let demoLoaded = false;
if (env.DEMO_DATA === 'auto' && (await isDatabaseEmpty(db))) {
  await seedDemo(db, { hashPassword });
  demoLoaded = true;
}

const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
const localUrl = `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${env.PORT}`;
const publicUrl = env.PUBLIC_URL ?? localUrl;
const devOrigins = env.NODE_ENV === 'production' ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173'];
const outboxDir = join(env.DATA_DIR, 'mail');
const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir, log: (line) => console.log(line) });
const auth = createAuth({
  db,
  secret,
  baseURL: publicUrl,
  mailer,
  rateLimit: env.AUTH_RATE_LIMIT,
  trustedOrigins: [...new Set([publicUrl, localUrl, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, ...devOrigins, ...env.TRUSTED_ORIGINS])],
});

const app = createApp({
  db,
  auth,
  webDist: env.WEB_DIST,
  photoStore: createFileSystemPhotoStore(env.PHOTOS_DIR),
  exposeErrorDetails: env.NODE_ENV === 'development',
  agentTwoFactor: env.AGENT_2FA,
  log: env.LOG_REQUESTS ? (line) => console.log(line) : undefined,
});

const rates = env.RATES_URL ? startRatesRefresh({ url: env.RATES_URL }) : null;

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  console.log(`Naav is running at ${localUrl} (port ${info.port}, ${env.NODE_ENV} mode, database ${env.DATABASE_URL})`);
  console.log(env.SMTP_URL ? `Mail goes out through ${new URL(env.SMTP_URL).host}.` : `No SMTP_URL: mail is written to ${outboxDir} and its links printed here.`);
  if (demoLoaded) console.log('Demo data loaded.');
  console.log(
    `Demo sign-ins (password "${demoPassword}"): ${demoUsers.traveller.email} (traveller), ${demoUsers.traveller2.email} (second traveller), ${demoUsers.agent.email} (agent)`,
  );
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  rates?.stop();
  console.log(`${signal} received: finishing open requests, then stopping.`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(() => {
    db.$client.close();
    process.exit(0);
  });
  // Keep-alive connections with no request in flight would hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
