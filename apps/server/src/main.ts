import { serve } from '@hono/node-server';
import { createFileSystemPhotoStore, createThrottle } from '@naav/api';
import { createDatabase, createPreparedReader, migrateDatabase, tuneEmbedded } from '@naav/db';
import { demoPassword, demoUsers, isDatabaseEmpty, seedDemo } from '@naav/db/seed';
import { hashPassword } from 'better-auth/crypto';
import { createApp } from './app';
import { createAuth } from './auth';
import { parseEnv } from './env';
import { startRatesRefresh } from './rates-refresh';

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
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
const auth = createAuth({
  db,
  secret: env.AUTH_SECRET,
  baseURL: publicUrl,
  trustedOrigins: [...new Set([publicUrl, localUrl, `http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, ...devOrigins, ...env.TRUSTED_ORIGINS])],
});

const reader = createPreparedReader(db, env.DATABASE_URL);
const app = createApp({
  db,
  auth,
  reader,
  throttle: env.AUTH_RATE_LIMIT ? createThrottle(db) : undefined,
  clientIpHeader: env.CLIENT_IP_HEADER,
  webDist: env.WEB_DIST,
  photoStore: createFileSystemPhotoStore(env.PHOTOS_DIR),
  exposeErrorDetails: env.NODE_ENV === 'development',
  log: env.LOG_REQUESTS ? (line) => console.log(line) : undefined,
});

const rates = env.RATES_URL ? startRatesRefresh({ url: env.RATES_URL }) : null;

const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  console.log(`Naav is running at ${localUrl} (port ${info.port}, database ${env.DATABASE_URL})`);
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
    reader.close();
    db.$client.close();
    process.exit(0);
  });
  // Keep-alive connections with no request in flight would hold close() open.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
