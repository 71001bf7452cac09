import type { Database } from '@naav/db';
import type { UserRole } from '@naav/db/schema';
import type { FeedFollower } from './lib/live/follower';
import type { SignInMeans } from './lib/second-factor';
import { noThrottle, type Throttle, type ThrottleBudget } from './lib/throttle';
import { type ConfirmIdentity, noIdentityCheck } from './routers/me/delete-account.service';
import type { ExportReadyNotice } from './routers/me/export.service';
import { noPhotoStore, type PhotoStore } from './routers/photos/photo-store';

/** The signed-in user as procedures see it. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  /** The session this request is signed in with (none for server-side callers). */
  sessionId?: string;
  /** From the session: whether the e-mail address is confirmed. Absent for server-side callers (then false). */
  emailVerified?: boolean;
  /** From the session: whether sign-in asks for a TOTP code. Absent for server-side callers (then false). */
  twoFactorEnabled?: boolean;
  /** From the session: whether the account has a password and a passkey. Absent for other callers (then read when asked). */
  signInMeans?: SignInMeans;
  /** Set when the request is made with a personal API token: which one, and the scopes that narrow what it may do. */
  token?: { id: string; scopes: readonly string[] };
}

/** An invitation to send by mail: the server builds the link to /invitations/{token} and the message. */
interface InvitationMail {
  email: string;
  role: UserRole;
  token: string;
  invitedBy: string | null;
  expiresAt: Date;
}

/**
 * What the account procedures need from the server's auth set-up: its password hash (so an
 * invited person's password is stored as a sign-in checks it), its list of common passwords, and
 * its mailer. Without them (server-side callers, most tests) invitations cannot be sent or taken.
 */
export interface AccountServices {
  hashPassword(password: string): Promise<string>;
  isCommonPassword(password: string): Promise<boolean>;
  sendInvitation(invitation: InvitationMail): Promise<void>;
}

const noAccountServices: AccountServices = {
  hashPassword: () => Promise.reject(new Error('No password hasher configured')),
  isCommonPassword: async () => false,
  sendInvitation: () => Promise.reject(new Error('No mailer configured')),
};

/** One backup of the database, as the admin screen lists it. */
export interface BackupInfo {
  /** The file's name in BACKUP_DIR: `naav-<UTC time>.db`. */
  name: string;
  sizeBytes: number;
  createdAt: Date;
}

/**
 * The server's backups (apps/server/src/backups.ts): the same files, schedule and BACKUP_KEEP as
 * `pnpm naav backup`. Without them (a libSQL server, server-side callers) none can be listed or made.
 */
export interface BackupServices {
  /** BACKUP_DIR, or null when this server cannot back its database up. */
  dir: string | null;
  list(): Promise<BackupInfo[]>;
  take(): Promise<BackupInfo>;
  /** The bytes of backup `name`, streamed; null when there is no such backup. */
  open(name: string): Promise<{ sizeBytes: number; stream: ReadableStream<Uint8Array> } | null>;
}

const noBackups: BackupServices = {
  dir: null,
  list: async () => [],
  take: () => Promise.reject(new Error('No backups configured')),
  open: async () => null,
};

/** AGENT_2FA: `prompt` asks agents to turn two-factor sign-in on; `required` refuses them everything else until they do. */
export type AgentTwoFactorPolicy = 'prompt' | 'required';

export interface ContextOptions {
  db: Database;
  /** Looks the session up; called at most once per request, and only by protected procedures. */
  resolveActor: () => Promise<Actor | null>;
  /** Clock for "today"; tests pin it. */
  now?: () => Date;
  /** Development only: error answers may carry stack traces. */
  exposeErrorDetails?: boolean;
  /** Where uploaded photos are kept; without one, nothing can be uploaded. */
  photoStore?: PhotoStore;
  /** The HTTP request's headers (e.g. Idempotency-Key); none for server-side callers. */
  requestHeaders?: Headers;
  /** Attempt budgets shared by every app server (see lib/throttle.ts); none counts nothing. */
  throttle?: Throttle;
  /** The client's address as the server determines it (socket, or CLIENT_IP_HEADER); asked only when throttling. */
  clientAddress?: () => string;
  /** Whether agents must have two-factor sign-in on (default `prompt`: they are only asked). */
  agentTwoFactor?: AgentTwoFactorPolicy;
  /** This process's follower of the change feed (live.changes); by default one per database. */
  live?: FeedFollower;
  /** Checks a password and two-factor code of the signed-in user (deleting the account); none refuses every one. */
  confirmIdentity?: ConfirmIdentity;
  /** Tells a person their export is ready, with its link (the server mails it); by default nobody is told. */
  exportReady?: ExportReadyNotice;
  /** Starts work that outlives the request (building an export); by default it runs on, its failure logged. */
  background?: (job: () => Promise<void>) => void;
  /** Password hashing and mail for invitations (see AccountServices). */
  accounts?: AccountServices;
  /** MAIL_DOMAIN: the domain of the forwarding addresses (`trips+<token>@<domain>`). */
  mailDomain?: string;
  /** The database's backups (admins list, take and download them). */
  backups?: BackupServices;
}

const runDetached = (job: () => Promise<void>) => {
  void job().catch((error: unknown) => console.error('Background job failed:', error));
};

export function createContext({
  db,
  resolveActor,
  now = () => new Date(),
  exposeErrorDetails = false,
  photoStore = noPhotoStore,
  requestHeaders,
  throttle = noThrottle,
  clientAddress = () => 'unknown',
  agentTwoFactor = 'prompt',
  live,
  confirmIdentity = noIdentityCheck,
  background = runDetached,
  exportReady = async () => undefined,
  accounts = noAccountServices,
  mailDomain = 'localhost',
  backups = noBackups,
}: ContextOptions) {
  let actor: Promise<Actor | null> | undefined;
  return {
    db,
    now,
    exposeErrorDetails,
    photoStore,
    agentTwoFactor,
    live,
    confirmIdentity,
    background,
    exportReady,
    accounts,
    /** The client's address, for the audit log. */
    clientAddress,
    mailDomain,
    backups,
    requestHeader: (name: string): string | null => requestHeaders?.get(name) ?? null,
    getActor: () => (actor ??= resolveActor()),
    /** Counts an attempt from this client (and `account`, when given); throws 429 when a budget is spent. */
    throttle: (budget: ThrottleBudget, account?: string) =>
      throttle.take(budget, { address: clientAddress(), account }),
  };
}

export type Context = ReturnType<typeof createContext>;
