import { Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createThrottle, ensureAdmin, feedFollowerFor, pruneAudit } from '@naav/api/server';
import {
  createDatabase,
  createPreparedReader,
  migrateDatabase,
  servePreparedReads,
  schema,
  tuneEmbedded,
  type Database,
} from '@naav/db';
import { eq } from 'drizzle-orm';
import { demoPassword, demoUsers, isDatabaseEmpty, seedDemo } from '@naav/db/seed';
import { hashPassword } from 'better-auth/crypto';
import { invitationSender } from './accounts';
import { createApp } from './app';
import { backupServices, databaseFileOf, startBackupSchedule, startHeartbeat } from './backups';
import { createAuth } from './auth';
import { devWebOrigins, parseEnv } from './env';
import { createMailer } from './mail/mailer';
import { startInboundMailLoop } from './inbound/loop';
import { startNotificationLoop } from './notifications/loop';
import { startWebhookDelivery } from './webhook-delivery';
import { webhookDisabledMessage } from './mail/messages';
import { openPhotoStore } from './photo-storage';
import { startRatesRefresh } from './rates-refresh';
import { bufferedLog, keepRunningWhenOutputFails } from './request-log';
import { loadOrCreateSecret } from './secret-file';
import { describeDatabaseFailure } from './startup-errors';
import { testClock } from './test-clock';
import { testPasswordHasher } from './test-password-hash';

keepRunningWhenOutputFails();

/** The port to suggest instead of a taken one: the next, or 3001 after the privileged range. */
function suggestedPort(port: number): number {
  return port < 1024 || port >= 65535 ? 3001 : port + 1;
}

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

const passwordHasher = env.TEST_FAST_PASSWORD_HASH ? testPasswordHasher : undefined;
let db: Database;
// The built server (dist/main.js) carries the migrations beside it; from the sources they are packages/db's.
const bundledMigrations = fileURLToPath(new URL('./migrations', import.meta.url));
let demoLoaded = false;
try {
  db = createDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await tuneEmbedded(db, env.DATABASE_URL);
  await migrateDatabase(db, existsSync(bundledMigrations) ? bundledMigrations : undefined);
  if (env.DEMO_DATA === 'auto' && (await isDatabaseEmpty(db))) {
    await seedDemo(db, { hashPassword: passwordHasher?.hash ?? hashPassword });
    demoLoaded = true;
  }
} catch (error) {
  console.error(describeDatabaseFailure(error, env.DATABASE_URL));
  process.exit(1);
}

const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
const localUrl = `http://${displayHost.includes(':') ? `[${displayHost}]` : displayHost}:${env.PORT}`;
const publicUrl = env.PUBLIC_URL ?? localUrl;
const devOrigins = devWebOrigins(env);
const trustedOrigins = [
  ...new Set([
    publicUrl,
    localUrl,
    `http://localhost:${env.PORT}`,
    `http://127.0.0.1:${env.PORT}`,
    ...devOrigins,
    ...env.TRUSTED_ORIGINS,
  ]),
];
const outboxDir = join(env.DATA_DIR, 'mail');
const mailer = createMailer({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
  outboxDir,
  log: (line) => console.log(line),
});
const auth = createAuth({ db, secret, baseURL: publicUrl, mailer, trustedOrigins, passwordHasher, sso: env.SSO });

// ADMIN_EMAILS: made administrators (or invited as ones) before the server answers anyone.
for (const email of env.ADMIN_EMAILS) {
  try {
    const outcome = await ensureAdmin(db, { sendInvitation: invitationSender(mailer, publicUrl) }, email);
    if (outcome === 'promoted') console.log(`ADMIN_EMAILS: ${email} is now an administrator.`);
    if (outcome === 'invited') console.log(`ADMIN_EMAILS: invited ${email} to join as an administrator.`);
  } catch (error) {
    console.error(`ADMIN_EMAILS: could not make ${email} an administrator: ${(error as Error).message}`);
  }
}
// The audit log keeps AUDIT_RETENTION_DAYS: older events go now and once a day.
const pruneAuditLog = () =>
  pruneAudit(db, env.AUDIT_RETENTION_DAYS).catch((error: unknown) =>
    console.error('Could not prune the audit log:', error),
  );
await pruneAuditLog();
setInterval(pruneAuditLog, 24 * 60 * 60 * 1000).unref();

const reader = createPreparedReader(db, env.DATABASE_URL);
servePreparedReads(db, reader);
const requestLog = env.LOG_REQUESTS ? bufferedLog(process.stdout) : undefined;
const live = feedFollowerFor(db, {
  maxStreamsPerUser: env.LIVE_STREAMS_PER_USER,
  maxStreamsPerSession: env.LIVE_STREAMS_PER_SESSION,
  streamIdSecret: secret,
});
const inboundMail = startInboundMailLoop({ db, everyMs: env.INBOUND_RUN_MS });
const backupSettings = {
  dir: env.BACKUP_DIR,
  keep: env.BACKUP_KEEP,
  photosDir: env.PHOTO_STORE === 'dir' ? env.PHOTOS_DIR : undefined,
};
const app = createApp({
  // Admins list, make and download backups of the embedded file (GET/POST /api/admin/backups).
  backups: databaseFileOf(env.DATABASE_URL) !== undefined ? backupServices(db, backupSettings) : undefined,
  mailDomain: env.MAIL_DOMAIN,
  inbound: { secret: env.INBOUND_MAIL_SECRET, accepted: inboundMail.kick },
  db,
  live,
  auth,
  mailer,
  reader,
  throttle: env.AUTH_RATE_LIMIT ? createThrottle(db) : undefined,
  clientIpHeader: env.CLIENT_IP_HEADER,
  webDist: env.WEB_DIST,
  photoStore: await openPhotoStore(db, env),
  trustedOrigins,
  publicUrl,
  exposeErrorDetails: env.NODE_ENV === 'development',
  agentTwoFactor: env.AGENT_2FA,
  tokenRequestsPerMinute: env.API_TOKEN_RATE_LIMIT,
  log: requestLog?.write,
  ...(env.TEST_CLOCK_HEADER ? { clock: testClock } : {}),
});

const rates = env.RATES_URL ? startRatesRefresh({ db, url: env.RATES_URL }) : null;
const notices = startNotificationLoop({
  db,
  mailer,
  publicUrl,
  mailFrom: env.MAIL_FROM,
  everyMs: env.NOTIFICATION_RUN_MS,
  leaseMs: Math.max(env.NOTIFICATION_LEASE_MS, env.NOTIFICATION_RUN_MS * 2),
  log: (line) => console.log(line),
});
// The embedded file: this server says it uses it (so `pnpm naav restore` refuses), and backs it up on schedule.
const embedded = databaseFileOf(env.DATABASE_URL) !== undefined;
const heartbeat = embedded ? startHeartbeat(db) : null;
const backups = embedded && env.BACKUP_INTERVAL ? startBackupSchedule(db, backupSettings, env.BACKUP_INTERVAL) : null;
const webhooks = startWebhookDelivery({
  db,
  allowedHosts: env.WEBHOOK_ALLOWED_HOSTS,
  backoffBaseMs: env.WEBHOOK_RETRY_BASE_MS,
  // The owner hears of an endpoint turned off after 24 hours of failures.
  onDisabled: async ({ userId, url }) => {
    const [owner] = await db.select().from(schema.user).where(eq(schema.user.id, userId));
    if (owner) await mailer.send(await webhookDisabledMessage(owner, url, publicUrl));
  },
});

const inboundSmtp =
  env.INBOUND_SMTP_PORT === undefined
    ? null
    : await (await import('./inbound/smtp'))
        .startInboundSmtp({
          db,
          port: env.INBOUND_SMTP_PORT,
          host: env.HOST,
          accepted: inboundMail.kick,
          log: (line) => console.log(line),
          mailsPerMinute: env.INBOUND_MAILS_PER_MINUTE,
        })
        .catch((error: Error) => {
          console.error(
            `The forwarding SMTP listener could not listen on port ${env.INBOUND_SMTP_PORT}: ${error.message}`,
          );
          process.exit(1);
        });
if (inboundSmtp)
  console.log(`Forwarded bookings are received by SMTP on port ${inboundSmtp.port} (@${env.MAIL_DOMAIN}).`);

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  console.log(`Naav is running at ${localUrl} (port ${info.port}, ${env.NODE_ENV} mode, database ${env.DATABASE_URL})`);
  console.log(
    env.SMTP_URL
      ? `Mail goes out through ${new URL(env.SMTP_URL).host}.`
      : `No SMTP_URL: mail is written to ${outboxDir} and its links printed here.`,
  );
  if (demoLoaded) console.log('Demo data loaded.');
  console.log(
    `Demo sign-ins (password "${demoPassword}"): ${demoUsers.traveller.email} (traveller), ${demoUsers.traveller2.email} (second traveller), ${demoUsers.agent.email} (agent)`,
  );
});

// Idle keep-alive connections outlive the clients' and proxies' own (60 s is common), so a client
// never sends a request on a socket the server is closing at that very moment (it would see ECONNRESET).
if (server instanceof HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

// A port already in use is a setup problem, not a crash: one line saying what to do instead of a stack trace.
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE' || error.code === 'EACCES') {
    const reason = error.code === 'EADDRINUSE' ? 'is already in use' : 'cannot be used by this user';
    console.error(
      `Port ${env.PORT} on ${env.HOST} ${reason}. Stop what is using it, or choose another port: PORT=${suggestedPort(env.PORT)} pnpm start`,
    );
  } else {
    console.error(`The server could not listen on ${env.HOST}:${env.PORT}: ${error.message}`);
  }
  rates?.stop();
  void notices.stop();
  void inboundSmtp?.stop();
  inboundMail.stop();
  db.$client.close();
  process.exit(1);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  rates?.stop();
  const noticesStopped = notices.stop();
  backups?.stop();
  void webhooks.stop();
  const inboundStopped = Promise.all([inboundSmtp?.stop(), inboundMail.stop()]);
  // Open live streams end (clients reconnect to another server and resume from their last event).
  live.stop();
  console.log(`${signal} received: finishing open requests, then stopping.`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close(async () => {
    await noticesStopped;
    await inboundStopped;
    requestLog?.flush();
    await heartbeat?.stop();
    reader.close();
    db.$client.close();
    process.exit(0);
  });
  // Keep-alive connections with no request in flight would hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
