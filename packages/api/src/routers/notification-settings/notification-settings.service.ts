import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@naav/db';
import { notificationSettings } from '@naav/db/schema';
import {
  defaultChannels,
  notificationKindLabels,
  notificationKindSchema,
  notificationKinds,
  quietHoursSchema,
  type ChannelChoice,
  type NotificationKind,
  type NotificationSettingsInput,
} from '@naav/schemas/notifications';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../context';
import { ValidationError } from '../../errors';
import type { NotificationSettingsOutput } from './notification-settings.schemas';

/** A person's settings as delivery reads them: every kind's channels, quiet hours, their zone and signing secret. */
export interface EffectiveSettings extends NotificationSettingsOutput {
  unsubscribeSecret: string | null;
}

const storedChannels = z.partialRecord(notificationKindSchema, z.object({ inbox: z.boolean(), email: z.string() }));

type Row = typeof notificationSettings.$inferSelect;

function effective(row: Row | undefined): EffectiveSettings {
  const parsed = storedChannels.safeParse(row ? JSON.parse(row.channels) : {});
  const stored = parsed.success ? parsed.data : {};
  const channels = Object.fromEntries(
    notificationKinds.map((kind) => {
      const choice = stored[kind];
      const email = choice?.email;
      return [
        kind,
        choice && (email === 'instant' || email === 'digest' || email === 'off')
          ? { inbox: choice.inbox, email }
          : defaultChannels[kind],
      ];
    }),
  ) as Record<NotificationKind, ChannelChoice>;
  const quiet = quietHoursSchema.safeParse(row?.quietHours ? JSON.parse(row.quietHours) : null);
  return {
    channels,
    quietHours: quiet.success ? quiet.data : null,
    timeZone: row?.timeZone ?? null,
    unsubscribeSecret: row?.unsubscribeSecret ?? null,
  };
}

/** The settings of several people at once (delivery reads them per batch); the defaults for those who never saved any. */
export async function settingsOf(db: Database, userIds: readonly string[]): Promise<Map<string, EffectiveSettings>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(notificationSettings)
          .where(inArray(notificationSettings.userId, [...userIds]));
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return new Map(userIds.map((id) => [id, effective(byUser.get(id))]));
}

export async function getNotificationSettings(db: Database, actor: Actor): Promise<NotificationSettingsOutput> {
  const { unsubscribeSecret: _secret, ...settings } = (await settingsOf(db, [actor.id])).get(actor.id)!;
  return settings;
}

/** Only what differs from the defaults is stored, so a kind nobody changed follows the defaults as they change. */
function changedChannels(channels: Partial<Record<NotificationKind, ChannelChoice>>): string {
  const changed = Object.fromEntries(
    notificationKinds.flatMap((kind) => {
      const choice = channels[kind];
      const byDefault = defaultChannels[kind];
      return choice && (choice.inbox !== byDefault.inbox || choice.email !== byDefault.email) ? [[kind, choice]] : [];
    }),
  );
  return JSON.stringify(changed);
}

/** Replaces the caller's settings; kinds left out take the defaults, a zone left out stays as it was. */
export async function saveNotificationSettings(
  db: Database,
  actor: Actor,
  input: NotificationSettingsInput,
): Promise<NotificationSettingsOutput> {
  const values = {
    channels: changedChannels(input.channels),
    quietHours: input.quietHours ? JSON.stringify(input.quietHours) : null,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  };
  await db
    .insert(notificationSettings)
    .values({ userId: actor.id, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return getNotificationSettings(db, actor);
}

/** The person's signing secret, made (with their default settings) the first time a mail needs one. */
export async function unsubscribeSecretOf(db: Database, userId: string): Promise<string> {
  await db.insert(notificationSettings).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select({ secret: notificationSettings.unsubscribeSecret })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row!.secret;
}

const signature = (secret: string, userId: string, kind: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

/** What a link unsubscribes from: one kind, or (a digest's header) every kind sent as a digest. */
export type UnsubscribeScope = NotificationKind | 'digest';
const scopeSchema = z.union([notificationKindSchema, z.literal('digest')]);

/** The one-click unsubscribe token of one person and one kind: `<userId>.<kind>.<HMAC with their secret>`. */
export function unsubscribeToken(secret: string, userId: string, kind: UnsubscribeScope): string {
  return `${userId}.${kind}.${signature(secret, userId, kind)}`;
}

const invalidLink = () => new ValidationError('token', 'This unsubscribe link is not valid');

/** Whom and what a token names, when its signature is right; a 400 naming `token` otherwise. */
async function readUnsubscribeToken(db: Database, token: string): Promise<{ userId: string; kind: UnsubscribeScope }> {
  const [userId = '', kindName = '', mac = ''] = token.split('.');
  const kind = scopeSchema.safeParse(kindName);
  if (!kind.success || !userId || !mac) throw invalidLink();
  const [row] = await db
    .select({ secret: notificationSettings.unsubscribeSecret })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  if (!row) throw invalidLink();
  const expected = Buffer.from(signature(row.secret, userId, kind.data));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidLink();
  return { userId, kind: kind.data };
}

/**
 * RFC 8058 one-click: turns e-mail off for the token's kind only (a digest's: every kind sent as
 * a digest); the inbox and the other kinds stay as they were. One statement per kind, so two
 * links followed at once both count.
 */
export async function unsubscribe(db: Database, token: string) {
  const { userId, kind } = await readUnsubscribeToken(db, token);
  const current = (await settingsOf(db, [userId])).get(userId)!;
  const kinds = kind === 'digest' ? notificationKinds.filter((k) => current.channels[k].email === 'digest') : [kind];
  for (const one of kinds) {
    const path = `$.${one}`;
    const inbox = sql`coalesce(json_extract(${notificationSettings.channels}, ${`${path}.inbox`}), ${defaultChannels[one].inbox ? 1 : 0})`;
    await db
      .update(notificationSettings)
      .set({
        channels: sql`json_set(${notificationSettings.channels}, ${path}, json_object('inbox', json(CASE WHEN ${inbox} THEN 'true' ELSE 'false' END), 'email', 'off'))`,
      })
      .where(eq(notificationSettings.userId, userId));
  }
  return {
    kind,
    label: kind === 'digest' ? 'Daily digests' : notificationKindLabels[kind].label,
    email: 'off' as const,
  };
}
