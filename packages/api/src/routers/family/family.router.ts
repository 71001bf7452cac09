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
import { deleteById, listMine } from '../../lib/procedures';
import { paceGroupChange } from '../../lib/pace';

/** A change to a group makes every open live stream re-check its topics: paced per user (lib/pace.ts). */
const groupChange = authedProcedure.use(async ({ ctx, next }) => {
  await paceGroupChange(ctx.actor.id);
  return next();
});

export const familyRouter = router({
  groups: listMine(
    {
      method: 'GET',
      path: '/family/groups',
      tags: ['family'],
      summary: 'Groups I own and groups I was added to',
    },
    groupSchema,
    (db, actor) => family.listGroups(db, actor),
  ),

  createGroup: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/family/groups', tags: ['family'], summary: 'Create a family group' },
      idempotency: 'recorded',
    })
    .input(createGroupInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => family.createGroup(ctx.db, ctx.actor, input, ctx.now())),

  updateGroup: groupChange
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/family/groups/{id}',
        tags: ['family'],
        summary: 'Rename a group (owner or admin member)',
      },
    })
    .input(updateGroupInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => family.updateGroup(ctx.db, ctx.actor, input, ctx.now())),

  deleteGroup: deleteById(
    {
      method: 'DELETE',
      path: '/family/groups/{id}',
      tags: ['family'],
      summary: 'Delete a group (owner only)',
    },
    family.deleteGroup,
  ),

  addMember: groupChange
    .meta({
      openapi: {
        method: 'POST',
        path: '/family/groups/{id}/members',
        tags: ['family'],
        summary: 'Add a member (owner or admin member)',
      },
      idempotency: 'recorded',
    })
    .input(addMemberInput)
    .output(groupSchema)
    .mutation(async ({ ctx, input }) => {
      // The answer tells whether the e-mail has an account: budgeted per user and address.
      if (input.email) await ctx.throttle('memberLookup', ctx.actor.id);
      return members.addMember(ctx.db, ctx.actor, input, ctx.now());
    }),

  updateMember: groupChange
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/family/groups/{id}/members/{memberId}',
        tags: ['family'],
        summary: "Change a member's permissions (owner or admin member)",
      },
    })
    .input(updateMemberInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => members.updateMember(ctx.db, ctx.actor, input)),

  removeMember: groupChange
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/family/groups/{id}/members/{memberId}',
        tags: ['family'],
        summary: 'Remove a member (owner or admin member)',
      },
    })
    .input(memberIdInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => members.removeMember(ctx.db, ctx.actor, input.id, input.memberId)),

  leaveGroup: groupChange
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/family/groups/{id}/membership',
        tags: ['family'],
        summary: 'Leave a group someone else owns',
      },
    })
    .input(idInput)
    .output(leftGroupSchema)
    .mutation(({ ctx, input }) => members.leaveGroup(ctx.db, ctx.actor, input.id)),

  shareTrip: groupChange
    .meta({
      openapi: {
        method: 'PUT',
        path: '/family/groups/{id}/trips/{tripId}',
        tags: ['family'],
        summary: 'Share one of my trips with a group I own or administer',
      },
    })
    .input(groupTripInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => sharing.shareTrip(ctx.db, ctx.actor, input.id, input.tripId, ctx.now())),

  shareTripWithPerson: groupChange
    .meta({
      openapi: {
        method: 'POST',
        path: '/family/trips/{id}/people',
        tags: ['family'],
        summary:
          'Share one of my trips with a person by e-mail: they join my group "Shared: <trip title>" with the chosen permission',
      },
      idempotency: 'recorded',
    })
    .input(sharePersonInput)
    .output(groupSchema)
    .mutation(async ({ ctx, input }) => {
      // Budgeted like adding a member by e-mail.
      await ctx.throttle('memberLookup', ctx.actor.id);
      return sharing.shareTripWithPerson(ctx.db, ctx.actor, input, ctx.now());
    }),

  unshareTrip: groupChange
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/family/groups/{id}/trips/{tripId}',
        tags: ['family'],
        summary: 'Stop sharing one of my trips with a group',
      },
    })
    .input(groupTripInput)
    .output(groupSchema)
    .mutation(({ ctx, input }) => sharing.unshareTrip(ctx.db, ctx.actor, input.id, input.tripId, ctx.now())),

  sharedTrips: listMine(
    {
      method: 'GET',
      path: '/family/shared-trips',
      tags: ['family'],
      summary: 'Trips shared with my groups, with what I may do with each',
    },
    sharedTripSchema,
    sharing.listSharedTrips,
  ),

  tripAccess: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/family/trip-access/{id}',
        tags: ['family'],
        summary: 'What I may do with a trip: owner, admin, edit or view',
      },
    })
    .input(idInput)
    .output(tripAccessSchema)
    .query(({ ctx, input }) => sharing.getTripAccess(ctx.db, ctx.actor, input.id)),

  events: listMine(
    {
      method: 'GET',
      path: '/family/events',
      tags: ['family'],
      summary: "Upcoming occasions and trip starts of my groups' members, soonest first",
    },
    familyEventSchema,
    family.listFamilyEvents,
  ),
});
