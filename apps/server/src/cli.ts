import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureAdmin } from '@naav/api/server';
import { createDatabase, migrateDatabase, tuneEmbedded } from '@naav/db';
import { invitationSender } from './accounts';
import { databaseFileOf, listBackups, restoreBackup, takeBackup } from './backups';
import { type Env, parseEnv } from './env';
import { createMailer } from './mail/mailer';

/**
 * `pnpm naav <command>`: the operator's commands, run beside the server with the same
 * configuration (env.ts). Each command is one entry of the table below.
 */
/** The command was typed wrong: exit code 2, as shells expect for a usage mistake. */
class UsageError extends Error {}

interface Command {
  usage: string;
  summary: string;
  run: (args: string[], env: Env) => Promise<void>;
}

// The built server carries the migrations beside itself; from the sources they are packages/db's.
const bundledMigrations = fileURLToPath(new URL('./migrations', import.meta.url));
const migrationsFolder = existsSync(bundledMigrations) ? bundledMigrations : undefined;

function embeddedFile(env: Env): string {
  const file = databaseFileOf(env.DATABASE_URL);
  if (!file)
    throw new Error(
      `Backups and restores work on the embedded database file; DATABASE_URL is ${env.DATABASE_URL}. Back a libSQL server up with its own tools.`,
    );
  return file;
}

const backupSettings = (env: Env) => ({
  dir: env.BACKUP_DIR,
  keep: env.BACKUP_KEEP,
  photosDir: env.PHOTO_STORE === 'dir' ? env.PHOTOS_DIR : undefined,
});

/** The mailer and link base the server itself would use, for invitations. */
function invitationsFor(env: Env) {
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: join(env.DATA_DIR, 'mail'),
    log: console.log,
  });
  return { sendInvitation: invitationSender(mailer, env.PUBLIC_URL ?? `http://localhost:${env.PORT}`) };
}

const adminOutcomes = {
  already: (email: string) => `${email} is already an administrator.`,
  promoted: (email: string) => `${email} is now an administrator.`,
  invited: (email: string) => `Invited ${email} to join as an administrator: the link in the e-mail works for 7 days.`,
  pending: (email: string) => `${email} already has an invitation waiting.`,
};

const commands: Record<string, Command> = {
  admin: {
    usage: 'pnpm naav admin create <email>',
    summary:
      'Make the account with this address an administrator, or mail the address an invitation to join as one (7 days).',
    async run(args, env) {
      const [sub, email, ...extra] = args;
      if (sub !== 'create' || !email || extra.length > 0 || !/^[^\s@]+@[^\s@]+$/.test(email))
        throw new UsageError('Usage: pnpm naav admin create <email>');
      const db = createDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
      try {
        await migrateDatabase(db, migrationsFolder);
        const outcome = await ensureAdmin(db, invitationsFor(env), email, { resend: true });
        console.log(adminOutcomes[outcome](email.toLowerCase()));
      } finally {
        db.$client.close();
      }
    },
  },
  backup: {
    usage: 'pnpm naav backup',
    summary: 'Back the database up into BACKUP_DIR now (a server may keep running).',
    async run(_args, env) {
      const file = embeddedFile(env);
      if (!existsSync(file)) throw new Error(`There is no database at ${file} yet.`);
      const db = createDatabase({ url: env.DATABASE_URL });
      try {
        await tuneEmbedded(db, env.DATABASE_URL);
        await migrateDatabase(db, migrationsFolder);
        const taken = await takeBackup(db, backupSettings(env));
        console.log(`Backup written: ${taken.file} (${taken.sizeBytes} bytes).`);
        const kept = await listBackups(env.BACKUP_DIR);
        console.log(
          `${kept.length} backup${kept.length === 1 ? '' : 's'} in ${env.BACKUP_DIR} (keeping ${env.BACKUP_KEEP}).`,
        );
      } finally {
        db.$client.close();
      }
    },
  },
  restore: {
    usage: 'pnpm naav restore <file>',
    summary: 'Replace the database with a backup (every server stopped first); it is checked and migrated forward.',
    async run(args, env) {
      const [given] = args;
      if (!given || args.length > 1) throw new UsageError('Usage: pnpm naav restore <file>');
      await restoreBackup(resolve(env.INIT_CWD ?? process.cwd(), given), {
        file: embeddedFile(env),
        photosDir: env.PHOTO_STORE === 'dir' ? env.PHOTOS_DIR : undefined,
        migrationsFolder,
      });
    },
  },
};

function usage(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length));
  return ['Usage:', ...Object.values(commands).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`)].join('\n');
}

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(name ? `Unknown command: ${name}\n\n${usage()}` : usage());
  process.exit(2);
}
try {
  await command.run(args, parseEnv());
} catch (error) {
  // One clear sentence, no stack trace: these are the operator's mistakes or the file's.
  console.error((error as Error).message);
  process.exit(error instanceof UsageError ? 2 : 1);
}
