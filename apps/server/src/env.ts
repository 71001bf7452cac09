import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The only place that reads process.env. Defaults make the embedded setup work as is.
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Vite's port under `pnpm dev` (apps/web/vite.config.ts reads it too): its origin may sign in outside production. */
    WEB_PORT: z.coerce.number().int().min(1).max(65535).default(5173),
    DATABASE_URL: z.string().min(1).default('file:./data/naav.db'),
    DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    PUBLIC_URL: z.url().optional(),
    TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
    DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
    WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
    /**
     * Where photo bytes are kept: `database` (every app server reads them from the one
     * database) or `dir` (files in PHOTOS_DIR, a volume every app server must share).
     */
    PHOTO_STORE: z.enum(['database', 'dir']).default('database'),
    /**
     * PHOTO_STORE=dir: the photo folder. With the database store, photos an older version left
     * here are moved into the database on start. Relative to the working directory, like the
     * embedded database.
     */
    PHOTOS_DIR: z.string().min(1).default('./data/photos'),
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
  })
  .superRefine((env, ctx) => {
    if (env.TEST_CLOCK_HEADER && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK_HEADER'], message: 'TEST_CLOCK_HEADER is for tests only: it needs NODE_ENV=test' });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'AUTH_SECRET is required in production: set it to a random string of 32+ characters (openssl rand -hex 32)',
      });
    }
  });

export type Env = z.output<typeof envSchema>;

/** Only for local runs: sessions survive restarts without any setup. Never used in production. */
const developmentSecret = 'naav-development-secret-not-for-production-use';

export function parseEnv(source: Record<string, string | undefined> = process.env): Env & { AUTH_SECRET: string } {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...result.data, AUTH_SECRET: result.data.AUTH_SECRET ?? developmentSecret };
}

/** Where `pnpm dev`'s Vite server runs (WEB_PORT): trusted to sign in outside production only. */
export function devWebOrigins(env: Pick<Env, 'NODE_ENV' | 'WEB_PORT'>): string[] {
  return env.NODE_ENV === 'production' ? [] : [`http://localhost:${env.WEB_PORT}`, `http://127.0.0.1:${env.WEB_PORT}`];
}
