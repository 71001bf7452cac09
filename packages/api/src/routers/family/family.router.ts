import { authedProcedure, router } from '../../trpc';
import {
  addMemberInput,
  createGroupInput,
  leftGroupSchema,
  familyEventSchema,
  groupSchema,
  groupTripInput,
  memberIdInput,
  sharePersonInput,
  sharedTripSchema,
  tripAccessSchema,
  updateGroupInput,
  updateMemberInput,
} from './family.schemas';
import * as members from './family-members.service';
import * as sharing from './family-sharing.service';
import * as family from './family.service';
import { deleteById, listMine, procedureKinds, readById, rest, write } from '../../lib/procedures';
import { paceGroupChange } from '../../lib/pace';

/** A change to a group makes every open live stream re-check its topics: paced per user (lib/pace.ts). */
const changingGroup = authedProcedure.use(async ({ ctx, next }) => {
  await paceGroupChange(ctx.actor.id);
  return next();
});
const groupChange = procedureKinds(changingGroup);

export const familyRouter = router({
  groups: listMine(groupSchema, (db, actor) => family.listGroups(db, actor)).at(
    rest('GET /family/groups', 'family', 'Groups I own and groups I was added to'),
  ),

  createGroup: write(createGroupInput, groupSchema, family.createGroup).at(
    rest.recorded('POST /family/groups', 'family', 'Create a family group'),
  ),

  updateGroup: groupChange
    .write(updateGroupInput, groupSchema, family.updateGroup)
    .at(rest('PATCH /family/groups/{id}', 'family', 'Rename a group (owner or admin member)')),

  deleteGroup: deleteById(family.deleteGroup).at(
    rest('DELETE /family/groups/{id}', 'family', 'Delete a group (owner only)'),
  ),

  addMember: changingGroup
    .meta(rest.recorded('POST /family/groups/{id}/members', 'family', 'Add a member (owner or admin member)'))
    .input(addMemberInput)
    .output(groupSchema)
    .mutation(async ({ ctx, input }) => {
      // The answer tells whether the e-mail has an account: budgeted per user and address.
      if (input.email) await ctx.throttle('memberLookup', ctx.actor.id);
      return members.addMember(ctx.db, ctx.actor, input, ctx.now());
    }),

  updateMember: groupChange
    .write(updateMemberInput, groupSchema, members.updateMember)
    .at(
      rest(
        'PATCH /family/groups/{id}/members/{memberId}',
        'family',
        "Change a member's permissions (owner or admin member)",
      ),
    ),

  removeMember: groupChange
    .write(memberIdInput, groupSchema, (db, actor, { id, memberId }) => members.removeMember(db, actor, id, memberId))
    .at(rest('DELETE /family/groups/{id}/members/{memberId}', 'family', 'Remove a member (owner or admin member)')),

  leaveGroup: groupChange
    .writeById(leftGroupSchema, members.leaveGroup)
    .at(rest('DELETE /family/groups/{id}/membership', 'family', 'Leave a group someone else owns')),

  shareTrip: groupChange
    .write(groupTripInput, groupSchema, (db, actor, { id, tripId }, now) =>
      sharing.shareTrip(db, actor, id, tripId, now),
    )
    .at(
      rest(
        'PUT /family/groups/{id}/trips/{tripId}',
        'family',
        'Share one of my trips with a group I own or administer',
      ),
    ),

  shareTripWithPerson: changingGroup
    .meta(
      rest.recorded(
        'POST /family/trips/{id}/people',
        'family',
        'Share one of my trips with a person by e-mail: they join my group "Shared: <trip title>" with the chosen permission',
      ),
    )
    .input(sharePersonInput)
    .output(groupSchema)
    .mutation(async ({ ctx, input }) => {
      // Budgeted like adding a member by e-mail.
      await ctx.throttle('memberLookup', ctx.actor.id);
      return sharing.shareTripWithPerson(ctx.db, ctx.actor, input, ctx.now());
    }),

  unshareTrip: groupChange
    .write(groupTripInput, groupSchema, (db, actor, { id, tripId }, now) =>
      sharing.unshareTrip(db, actor, id, tripId, now),
    )
    .at(rest('DELETE /family/groups/{id}/trips/{tripId}', 'family', 'Stop sharing one of my trips with a group')),

  sharedTrips: listMine(sharedTripSchema, sharing.listSharedTrips).at(
    rest('GET /family/shared-trips', 'family', 'Trips shared with my groups, with what I may do with each'),
  ),

  tripAccess: readById(tripAccessSchema, sharing.getTripAccess).at(
    rest('GET /family/trip-access/{id}', 'family', 'What I may do with a trip: owner, admin, edit or view'),
  ),

  events: listMine(familyEventSchema, family.listFamilyEvents).at(
    rest('GET /family/events', 'family', "Upcoming occasions and trip starts of my groups' members, soonest first"),
  ),
});
