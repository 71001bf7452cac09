import { type AnySQLiteColumn, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { cascadeRef } from './columns';
import { type Role, roles } from '@naav/schemas/roles';

// The tables better-auth reads and writes (email + password), plus the user's role.
// An admin is on the travel team too (they may do all an agent may) and manages the accounts.
export const userRoles = roles;
export type UserRole = Role;

export const user = sqliteTable('user', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: integer({ mode: 'boolean' }).notNull().default(false),
  image: text(),
  role: text({ enum: userRoles }).notNull().default('client'),
  /** Set by better-auth's two-factor plugin once a TOTP code has confirmed the set-up. */
  twoFactorEnabled: integer({ mode: 'boolean' }).notNull().default(false),
  /** Set while an admin has deactivated the account: it has no sessions and cannot sign in. */
  deactivatedAt: integer({ mode: 'timestamp_ms' }),
  /** A client's agent (see Agents and their clients in docs/operating.md); null while unassigned. */
  agentId: text().references((): AnySQLiteColumn => user.id, { onDelete: 'set null' }),
  createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

/** Who a request is, as a session or an API token reads its user: the columns of an Actor. */
export const actorColumns = {
  userId: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  emailVerified: user.emailVerified,
  twoFactorEnabled: user.twoFactorEnabled,
};

export const session = sqliteTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    token: text().notNull().unique(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    userId: cascadeRef(() => user.id),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = sqliteTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: cascadeRef(() => user.id),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: integer({ mode: 'timestamp_ms' }),
    refreshTokenExpiresAt: integer({ mode: 'timestamp_ms' }),
    scope: text(),
    password: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = sqliteTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * better-auth's two-factor plugin: one row per user with an encrypted TOTP secret and the
 * encrypted, single-use recovery codes; `verified` stays false until the first code confirms
 * the set-up. Failed codes count towards a temporary lock.
 */
export const twoFactor = sqliteTable(
  'two_factor',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: cascadeRef(() => user.id),
    verified: integer({ mode: 'boolean' }).notNull().default(true),
    failedVerificationCount: integer().notNull().default(0),
    lockedUntil: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId)],
);

/**
 * better-auth's passkey plugin: one row per passkey a user registered (a WebAuthn credential),
 * with its public key, the signature counter and the name the person gave it. A passkey signs
 * its owner in without a password.
 */
export const passkey = sqliteTable(
  'passkey',
  {
    id: text().primaryKey(),
    name: text(),
    publicKey: text().notNull(),
    userId: cascadeRef(() => user.id),
    credentialID: text().notNull(),
    counter: integer().notNull(),
    deviceType: text().notNull(),
    backedUp: integer({ mode: 'boolean' }).notNull(),
    transports: text(),
    createdAt: integer({ mode: 'timestamp_ms' }),
    aaguid: text(),
  },
  (t) => [index('passkey_user_id_idx').on(t.userId), index('passkey_credential_id_idx').on(t.credentialID)],
);
