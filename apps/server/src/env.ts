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
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
    DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
    WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
    /** Uploaded trip photos; relative to the working directory, like the embedded database. Created on first upload. */
    PHOTOS_DIR: z.string().min(1).optional(),
    LOG_REQUESTS: booleanFlag.default(true),
    /**
     * Daily reference exchange rates: a URL answering the ECB's daily XML
     * (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml) or a Frankfurter-style
     * JSON. Unset: the rates shipped with the app are used.
     */
    RATES_URL: z.url().optional(),
    /** Sign-in throttling; browser test runs turn it off because every test signs in from 127.0.0.1. */
    AUTH_RATE_LIMIT: booleanFlag.optional(),
    /** Outgoing mail (`smtp://` or `smtps://`, user and password in the URL). Unset, messages are written to DATA_DIR/mail. */
    SMTP_URL: z
      .url()
      .refine((url) => /^smtps?:\/\//i.test(url), 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    /** The sender of every message, e.g. `Naav <no-reply@naav.example>`; required with SMTP_URL. */
    MAIL_FROM: z.string().min(3).optional(),
    /** `prompt`: agents are asked at each sign-in to turn two-factor sign-in on; `required`: they can do nothing else until they do. */
    AGENT_2FA: z.enum(['prompt', 'required']).default('prompt'),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'MAIL_FROM is required with SMTP_URL: the sender address, e.g. "Naav <no-reply@naav.example>"' });
    }
  })
  .transform((env) => {
    const dataDir = env.DATA_DIR.replace(/(.)\/+$/, '$1');
    return {
      ...env,
      DATABASE_URL: env.DATABASE_URL ?? `file:${dataDir}/naav.db`,
      PHOTOS_DIR: env.PHOTOS_DIR ?? `${dataDir}/photos`,
      MAIL_FROM: env.MAIL_FROM ?? 'Naav <no-reply@localhost>',
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
