import { idInput } from '../../lib/schemas';
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
import { deleteById, listMine, rest } from '../../lib/procedures';
import { paceGroupChange } from '../../lib/pace';

/** A change to a group makes every open live stream re-check its topics: paced per user (lib/pace.ts). */
const groupChange = authedProcedure.use(async ({ ctx, next }) => {
  await paceGroupChange(ctx.actor.id);
  return next();
});

export const familyRouter = router({
  groups: listMine(
    rest('GET /family/groups', 'family', 'Groups I own and groups I was added to'),
    groupSchema,
    (db, actor) => family.listGroups(db, actor),
  ),

  createGroup: authedProcedure
    .meta(rest.recorded('POST /family/groups', 'family', 'Create a family group'))
    .input(createGroupInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => family.createGroup(ctx.db, ctx.actor, input, ctx.now())),

  updateGroup: groupChange
    .meta(rest('PATCH /family/groups/{id}', 'family', 'Rename a group (owner or admin member)'))
    .input(updateGroupInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => family.updateGroup(ctx.db, ctx.actor, input, ctx.now())),

  deleteGroup: deleteById(
    rest('DELETE /family/groups/{id}', 'family', 'Delete a group (owner only)'),
    family.deleteGroup,
  ),

  addMember: groupChange
    .meta(rest.recorded('POST /family/groups/{id}/members', 'family', 'Add a member (owner or admin member)'))
    .input(addMemberInput)
    .output(groupSchema)
    .mutation(async ({ ctx, input }) => {
      // The answer tells whether the e-mail has an account: budgeted per user and address.
      if (input.email) await ctx.throttle('memberLookup', ctx.actor.id);
      return members.addMember(ctx.db, ctx.actor, input, ctx.now());
    }),

  updateMember: groupChange
    .meta(
      rest(
        'PATCH /family/groups/{id}/members/{memberId}',
        'family',
        "Change a member's permissions (owner or admin member)",
      ),
    )
    .input(updateMemberInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => members.updateMember(ctx.db, ctx.actor, input)),

  removeMember: groupChange
    .meta(rest('DELETE /family/groups/{id}/members/{memberId}', 'family', 'Remove a member (owner or admin member)'))
    .input(memberIdInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => members.removeMember(ctx.db, ctx.actor, input.id, input.memberId)),

  leaveGroup: groupChange
    .meta(rest('DELETE /family/groups/{id}/membership', 'family', 'Leave a group someone else owns'))
    .input(idInput)
    .output(leftGroupSchema)
    .mutation(({ ctx, input }) => members.leaveGroup(ctx.db, ctx.actor, input.id)),

  shareTrip: groupChange
    .meta(
      rest(
        'PUT /family/groups/{id}/trips/{tripId}',
        'family',
        'Share one of my trips with a group I own or administer',
      ),
    )
    .input(groupTripInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => sharing.shareTrip(ctx.db, ctx.actor, input.id, input.tripId, ctx.now())),

  shareTripWithPerson: groupChange
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
    .meta(rest('DELETE /family/groups/{id}/trips/{tripId}', 'family', 'Stop sharing one of my trips with a group'))
    .input(groupTripInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => sharing.unshareTrip(ctx.db, ctx.actor, input.id, input.tripId, ctx.now())),

  sharedTrips: listMine(
    rest('GET /family/shared-trips', 'family', 'Trips shared with my groups, with what I may do with each'),
    sharedTripSchema,
    sharing.listSharedTrips,
  ),

  tripAccess: authedProcedure
    .meta(rest('GET /family/trip-access/{id}', 'family', 'What I may do with a trip: owner, admin, edit or view'))
    .input(idInput)
    .output(tripAccessSchema)
    .query(({ ctx, input }) => sharing.getTripAccess(ctx.db, ctx.actor, input.id)),

  events: listMine(
    rest('GET /family/events', 'family', "Upcoming occasions and trip starts of my groups' members, soonest first"),
    familyEventSchema,
    family.listFamilyEvents,
  ),
});
