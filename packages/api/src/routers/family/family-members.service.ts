// Who is in a group: members added by their owner or an admin, and members leaving.
import type { Database } from '@naav/db';
import { familyGroups, familyMembers } from '@naav/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import { ConflictError, NotFoundError } from '../../errors';
import { verifiedEmailOf } from '../../lib/trip-access';
import type { AddMemberInput, Group, UpdateMemberInput } from './family.schemas';
import { activity } from '../../lib/live/activity';
import { feedGroupTrips, feedInsert, feedMemberList, memberEmail, topic } from '../../lib/live/feed';
import { accountOf, nameOf, noticeToEach } from '../../lib/notify';
import { groupAccess, loadGroup } from './group-access';

/** A membership change as each shared trip's activity tells it; feedGroupTrips adds the group's and the member's names. */
const groupLine = (
  actor: Actor,
  action: 'member.added' | 'member.permission' | 'member.removed' | 'member.left',
  detail: object,
) => {
  const { tripId: _none, ...line } = activity(actor.id, '', action, detail as never);
  return line;
};

export async function addMember(db: Database, actor: Actor, input: AddMemberInput, now: Date): Promise<Group> {
  const { id: groupId, permissions: permission, ...fields } = input;
  await groupAccess(db, actor, groupId, 'admin');
  await db.batch([
    db.insert(familyMembers).values({ ...fields, permission, groupId, createdAt: now }),
    feedInsert(db, topic.group(groupId), groupId, 'membership'),
    feedGroupTrips(db, groupId, { ...groupLine(actor, 'member.added', { name: fields.name, permission }) }),
    feedMemberList(db, fields.email ?? null, groupId, 'membership'),
    // The invitee hears of it once their account has proved the address (as access itself needs).
    ...(fields.email
      ? [
          noticeToEach(db, accountOf(fields.email), {
            kind: 'family_invite',
            title: sql`${nameOf(actor.id)} || ' added you to ' || (SELECT ${familyGroups.name} FROM ${familyGroups} WHERE ${familyGroups.id} = ${groupId})`,
            link: '/family',
          }),
        ]
      : []),
  ]);
  return loadGroup(db, actor, groupId);
}

async function assertMemberOf(db: Database, groupId: string, memberId: string) {
  const [row] = await db
    .select({ id: familyMembers.id, name: familyMembers.name })
    .from(familyMembers)
    .where(and(eq(familyMembers.id, memberId), eq(familyMembers.groupId, groupId)));
  if (!row) throw new NotFoundError('Member');
  return row;
}

export async function updateMember(db: Database, actor: Actor, input: UpdateMemberInput): Promise<Group> {
  await groupAccess(db, actor, input.id, 'admin');
  await assertMemberOf(db, input.id, input.memberId);
  await db.batch([
    db
      .update(familyMembers)
      .set({ permission: input.permissions })
      .where(and(eq(familyMembers.id, input.memberId), eq(familyMembers.groupId, input.id))),
    feedInsert(db, topic.group(input.id), input.memberId, 'membership'),
    feedGroupTrips(db, input.id, {
      ...groupLine(actor, 'member.permission', { permission: input.permissions }),
      memberId: input.memberId,
    }),
    feedMemberList(db, memberEmail(input.memberId), input.id, 'membership'),
  ]);
  return loadGroup(db, actor, input.id);
}

export async function removeMember(db: Database, actor: Actor, groupId: string, memberId: string): Promise<Group> {
  await groupAccess(db, actor, groupId, 'admin');
  const { name } = await assertMemberOf(db, groupId, memberId);
  await db.batch([
    feedMemberList(db, memberEmail(memberId), groupId, 'membership'),
    db.delete(familyMembers).where(and(eq(familyMembers.id, memberId), eq(familyMembers.groupId, groupId))),
    feedInsert(db, topic.group(groupId), memberId, 'membership'),
    feedGroupTrips(db, groupId, groupLine(actor, 'member.removed', { name })),
  ]);
  // An admin who removed themselves can no longer see the group: loadGroup answers NOT_FOUND.
  return loadGroup(db, actor, groupId);
}

/**
 * A member leaves a group someone else owns: every entry with their e-mail goes, and with it
 * their access to the group's trips. An owner cannot leave their own group, only delete it.
 */
export async function leaveGroup(db: Database, actor: Actor, groupId: string): Promise<{ id: string; left: true }> {
  const access = await groupAccess(db, actor, groupId, 'view');
  if (access === 'owner') throw new ConflictError('You own this group: delete it instead of leaving it');
  // A member who is not the owner reached the group through their verified e-mail.
  const email = await verifiedEmailOf(db, actor);
  if (!email) throw new NotFoundError('Group');
  await db.batch([
    db.delete(familyMembers).where(and(eq(familyMembers.groupId, groupId), eq(familyMembers.email, email))),
    feedInsert(db, topic.group(groupId), groupId, 'membership'),
    feedGroupTrips(db, groupId, groupLine(actor, 'member.left', {})),
    feedInsert(db, topic.trips(actor.id), groupId, 'membership'),
  ]);
  return { id: groupId, left: true };
}
