// `pnpm naav <command>`: what an operator runs beside the server, on the same configuration
// (the environment variables of docs/configuration.md, read from the same working directory).
//   pnpm naav admin create <email>   make an existing account an admin, or invite the address as one
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAdmin } from '@naav/api/server';
import { createDatabase, migrateDatabase, type Database } from '@naav/db';
import { invitationSender } from './accounts';
import { parseEnv, type Env } from './env';
import { createMailer } from './mail/mailer';

const usage = `Usage: pnpm naav admin create <email>
  Makes the account with this address an administrator, or, when there is none, mails the
  address an invitation to join as one (the link works once, for 7 days).`;

/** The database, migrated as the server migrates it on start. */
async function openDatabase(env: Env): Promise<Database> {
  const db = createDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  // The bundled CLI (dist/cli.js) carries the migrations beside it, as dist/main.js does.
  const bundled = fileURLToPath(new URL('./migrations', import.meta.url));
  await migrateDatabase(db, existsSync(bundled) ? bundled : undefined);
  return db;
}

/** The mailer and link base the server itself would use. */
function invitationsFor(env: Env, log: (line: string) => void) {
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: join(env.DATA_DIR, 'mail'),
    log,
  });
  return { sendInvitation: invitationSender(mailer, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`) };
}

const outcomes = {
  already: (email: string) => `${email} is already an administrator.`,
  promoted: (email: string) => `${email} is now an administrator.`,
  invited: (email: string) => `Invited ${email} to join as an administrator: the link in the e-mail works for 7 days.`,
  pending: (email: string) => `${email} already has an invitation waiting.`,
};

async function adminCreate(env: Env, email: string | undefined): Promise<number> {
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    console.error(usage);
    return 2;
  }
  const db = await openDatabase(env);
  try {
    const outcome = await ensureAdmin(db, invitationsFor(env, console.log), email, { resend: true });
    console.log(outcomes[outcome](email.toLowerCase()));
    return 0;
  } finally {
    db.$client.close();
  }
}

async function run(args: string[]): Promise<number> {
  const [group, command, ...rest] = args;
  if (group === 'admin' && command === 'create') return adminCreate(parseEnv(), rest[0]);
  console.error(usage);
  return 2;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
