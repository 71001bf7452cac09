import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The only place that reads process.env. Defaults make the embedded setup work as is.
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z
  .object({
    /** `pnpm start` sets production and `pnpm dev` development; unset, the server runs as in production. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Vite's port under `pnpm dev` (apps/web/vite.config.ts reads it too): its origin may sign in outside production. */
    WEB_PORT: z.coerce.number().int().min(1).max(65535).default(5173),
    /**
     * The server's own files, relative to the working directory: the embedded database, photos,
     * the generated session secret and (without SMTP_URL) the outgoing mail.
     */
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().min(1).optional(),
    DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
    /** Signs sessions. Unset, a random one is created on first start and kept in DATA_DIR. */
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    PUBLIC_URL: z.url().optional(),
    TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
    WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
    /**
     * Where photo bytes are kept: `database` (every app server reads them from the one
     * database) or `dir` (files in PHOTOS_DIR, a volume every app server must share).
     */
    PHOTO_STORE: z.enum(['database', 'dir']).default('database'),
    /**
     * PHOTO_STORE=dir: the photo folder (DATA_DIR/photos by default). With the database store,
     * photos an older version left here are moved into the database on start. Relative to the
     * working directory, like the embedded database.
     */
    PHOTOS_DIR: z.string().min(1).optional(),
    LOG_REQUESTS: booleanFlag.default(true),
    /**
     * Daily reference exchange rates: a URL answering the ECB's daily XML
     * (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml) or a Frankfurter-style
     * JSON. Unset: the rates shipped with the app are used.
     */
    RATES_URL: z.url().optional(),
    /**
     * Throttling of sign-in, sign-up, password reset, verification e-mails and the family member
     * lookup (on in every mode); browser test runs turn it off because every test signs in from
     * 127.0.0.1.
     */
    AUTH_RATE_LIMIT: booleanFlag.default(true),
    /**
     * Webhook deliveries reach only public addresses; these host names, addresses or CIDR ranges
     * (comma separated) may be private too (e.g. `127.0.0.1,10.0.0.0/8,hooks.internal`).
     */
    WEBHOOK_ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /** The first retry of a failed webhook delivery waits this long (ms); each next one twice as long, at most an hour. */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
    /** Requests one personal API token may make per minute, on all servers together (429 beyond); counted only while AUTH_RATE_LIMIT is on. */
    API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Open live streams (GET /api/stream and the live.changes subscription) one user may hold on one server process; 429 beyond. */
    LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(30),
    /** Open live streams one session may hold on one server process; 429 beyond. */
    LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(10_000).default(10),
    /**
     * The header the deployment's own proxy sets to the client's address (e.g. X-Real-IP, or
     * X-Forwarded-For when the proxy appends to it: its rightmost entry counts). Unset, the
     * client address is the socket's and no header is trusted.
     */
    CLIENT_IP_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'CLIENT_IP_HEADER must be a header name, such as X-Real-IP')
      .transform((v) => v.toLowerCase())
      .optional(),
    /**
     * Tests only (NODE_ENV=test): a request's `x-naav-test-now` header (an ISO instant) sets
     * the API's clock for that request, so the REST contract tests can run against real app
     * processes on a fixed day.
     */
    TEST_CLOCK_HEADER: booleanFlag.default(false),
    /** Tests only (NODE_ENV=test): passwords hashed with a cheap scrypt (test-password-hash.ts) instead of better-auth's own. */
    TEST_FAST_PASSWORD_HASH: booleanFlag.default(false),
    /** Outgoing mail (`smtp://` or `smtps://`, user and password in the URL). Unset, messages are written to DATA_DIR/mail. */
    SMTP_URL: z
      .url()
      .refine((url) => /^smtps?:\/\//i.test(url), 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    /** The sender of every message, e.g. `Naav <no-reply@naav.example>`; required with SMTP_URL. */
    MAIL_FROM: z.string().min(3).optional(),
    /** How often each server looks for due reminders and notification mail to send (only the lease holder works). */
    NOTIFICATION_RUN_MS: z.coerce.number().int().min(50).max(3_600_000).default(15_000),
    /** How long the sending server's lease lasts unrenewed: how soon another server takes over from one that died. */
    NOTIFICATION_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(60_000),
    /** Where backups go (DATA_DIR/backups by default), relative to the working directory. */
    BACKUP_DIR: z.string().min(1).optional(),
    /**
     * How often a backup is taken while the server runs: a number with m, h or d (`6h`, `1d`,
     * the default), or `off`. Only with the embedded file database.
     */
    BACKUP_INTERVAL: z
      .string()
      .regex(/^(off|[1-9]\d*[mhd])$/, 'BACKUP_INTERVAL must be off or a number with m, h or d, such as 6h or 1d')
      .default('1d')
      .transform((v) =>
        v === 'off'
          ? null
          : Number(v.slice(0, -1)) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[v.slice(-1) as 'm' | 'h' | 'd'],
      ),
    /** How many of the newest backups are kept. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
    /** Set by pnpm: the folder the command was typed in (`pnpm naav restore <file>` reads the file from there). */
    INIT_CWD: z.string().optional(),
    /** `prompt`: agents are asked at each sign-in to turn two-factor sign-in on; `required`: they can do nothing else until they do. */
    AGENT_2FA: z.enum(['prompt', 'required']).default('prompt'),
    /**
     * Addresses made administrators at each start (comma separated): an existing account becomes
     * an admin, an address with none is invited as one by mail (once, while the invitation waits).
     */
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('ADMIN_EMAILS must be e-mail addresses, separated by commas'))),
    /** How many days the audit log keeps an event (older ones are removed at start and daily). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
    /** The domain of the forwarding addresses, `trips+<token>@<MAIL_DOMAIN>`; unset, PUBLIC_URL's host (else localhost). */
    MAIL_DOMAIN: z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, 'MAIL_DOMAIN must be a domain name, such as naav.example')
      .optional(),
    /** The port of the SMTP listener for forwarded bookings; unset, there is none. */
    INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Mails one client address may hand the SMTP listener per minute; more are answered 421. */
    INBOUND_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
    /** The shared secret of POST /api/inbound/mail (`Authorization: Bearer <secret>`); unset, the endpoint answers 404. */
    INBOUND_MAIL_SECRET: z.string().min(16, 'INBOUND_MAIL_SECRET must be at least 16 characters').optional(),
    /** How often each server looks for forwarded mail to read (mail it accepts itself is read at once). */
    INBOUND_RUN_MS: z.coerce.number().int().min(50).max(3_600_000).default(10_000),
    /** Single sign-on (docs/operating.md#single-sign-on): the OpenID Connect provider's issuer URL; unset, there is none. */
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** The provider's name on the sign-in page's "Sign in with <name>". */
    OIDC_NAME: z.string().trim().min(1).max(60).default('single sign-on'),
    /** Only addresses at these domains (comma separated) may sign in through the provider; empty, any. */
    OIDC_EMAIL_DOMAINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim().toLowerCase().replace(/^@/, ''))
          .filter(Boolean),
      ),
    /** The role of someone who first signs in through the provider (an agency's staff: agent). */
    OIDC_ROLE: z.enum(['client', 'agent']).default('client'),
  })
  .superRefine((env, ctx) => {
    if (env.TEST_CLOCK_HEADER && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_CLOCK_HEADER'],
        message: 'TEST_CLOCK_HEADER is for tests only: it needs NODE_ENV=test',
      });
    }
    if (env.TEST_FAST_PASSWORD_HASH && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['TEST_FAST_PASSWORD_HASH'],
        message: 'TEST_FAST_PASSWORD_HASH is for tests only: it needs NODE_ENV=test',
      });
    }
    if (env.OIDC_ISSUER && (!env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.OIDC_CLIENT_ID ? 'OIDC_CLIENT_SECRET' : 'OIDC_CLIENT_ID'],
        message: 'OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (from the provider, for this app)',
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'MAIL_FROM is required with SMTP_URL: the sender address, e.g. "Naav <no-reply@naav.example>"',
      });
    }
  })
  .transform((env) => {
    const dataDir = env.DATA_DIR.replace(/(.)\/+$/, '$1');
    return {
      ...env,
      DATABASE_URL: env.DATABASE_URL ?? `file:${dataDir}/naav.db`,
      PHOTOS_DIR: env.PHOTOS_DIR ?? `${dataDir}/photos`,
      BACKUP_DIR: env.BACKUP_DIR ?? `${dataDir}/backups`,
      MAIL_FROM: env.MAIL_FROM ?? 'Naav <no-reply@localhost>',
      MAIL_DOMAIN: env.MAIL_DOMAIN ?? (env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost'),
      SSO:
        env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
          ? {
              issuer: env.OIDC_ISSUER,
              clientId: env.OIDC_CLIENT_ID,
              clientSecret: env.OIDC_CLIENT_SECRET,
              name: env.OIDC_NAME,
              emailDomains: env.OIDC_EMAIL_DOMAINS,
              role: env.OIDC_ROLE,
            }
          : undefined,
    };
  });

export type Env = z.output<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Where `pnpm dev`'s Vite server runs (WEB_PORT): trusted to sign in outside production only. */
export function devWebOrigins(env: Pick<Env, 'NODE_ENV' | 'WEB_PORT'>): string[] {
  return env.NODE_ENV === 'production' ? [] : [`http://localhost:${env.WEB_PORT}`, `http://127.0.0.1:${env.WEB_PORT}`];
}
