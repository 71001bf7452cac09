import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { groupTripInput, permissionsOf, updateGroupInput } from '@naav/schemas/family';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { errorMessage } from '~/components/api-errors';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { SelectInput } from '~/components/form-controls';
import { applyServerErrors, sendForm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { PersonAvatar } from '~/components/person-avatar';
import { useMutationToasts } from '~/components/use-mutation-toasts';
import { useTRPC } from '~/lib/trpc';
import {
  groupTypeLabels,
  permissionPresets,
  presetOf,
  relationshipLabels,
  type Group,
  type GroupType,
  type Member,
  type PresetKey,
} from './family-labels';

type Pending = { kind: 'member'; member: Member } | { kind: 'group' } | null;

/** Manage: rename, members' permissions and removal, trips shared with the group, deleting it (owner). */
export function ManageGroupDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  return (
    <Dialog open={group !== null} onClose={onClose} title={group ? `Manage ${group.name}` : 'Manage group'} size="lg">
      {group ? <ManageGroup group={group} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ManageGroup({ group, onClose }: { group: Group; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toasts = useMutationToasts();
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.family.pathFilter());

  const updateMember = useMutation(
    trpc.family.updateMember.mutationOptions(
      toasts({ after: refresh, done: 'Permissions updated', failed: 'Could not change the permissions' }),
    ),
  );
  const removeMember = useMutation(
    trpc.family.removeMember.mutationOptions(
      toasts({
        after: () => {
          setPending(null);
          return refresh();
        },
        done: 'Member removed',
        failed: 'Could not remove the member',
      }),
    ),
  );
  const deleteGroup = useMutation(
    trpc.family.deleteGroup.mutationOptions(
      toasts({
        after: () => {
          setPending(null);
          onClose();
          return refresh();
        },
        done: 'Group deleted',
        failed: 'Could not delete the group',
      }),
    ),
  );

  return (
    <div className="space-y-8">
      <RenameForm group={group} />
      <section aria-labelledby="manage-members">
        <h3 id="manage-members" className="text-base font-semibold text-ink">
          Members
        </h3>
        {group.members.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No members yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {group.members.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center gap-3 py-3">
                <PersonAvatar name={member.name} imageUrl={member.imageUrl} className="size-10 bg-brand-100 text-sm" />
                <div className="min-w-0 flex-1 basis-40">
                  <p className="font-medium break-words text-ink">{member.name}</p>
                  <p className="text-xs break-words text-muted">
                    {relationshipLabels[member.relationship]}
                    {member.email ? ` · ${member.email}` : ''}
                    {member.registered ? ' · has an account' : ''}
                  </p>
                </div>
                <div className="flex w-full items-end gap-2 sm:w-auto">
                  <SelectInput
                    label={`Permissions for ${member.name}`}
                    className="flex-1 sm:w-40 [&>label]:sr-only"
                    value={presetOf(member.permissions)}
                    disabled={updateMember.isPending}
                    onChange={(e) =>
                      updateMember.mutate({
                        id: group.id,
                        memberId: member.id,
                        permissions: permissionsOf(e.target.value as PresetKey),
                      })
                    }
                  >
                    {permissionPresets.map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.label}
                      </option>
                    ))}
                  </SelectInput>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="min-h-11"
                    onClick={() => setPending({ kind: 'member', member })}
                    aria-label={`Remove ${member.name}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SharedTripsSection group={group} />
      {group.access === 'owner' ? (
        <section aria-labelledby="manage-danger" className="rounded-lg border border-red-200 p-4">
          <h3 id="manage-danger" className="text-base font-semibold text-ink">
            Delete this group
          </h3>
          <p className="mt-1 text-sm text-muted">Its members lose access to the trips shared with it.</p>
          <Button variant="danger" size="sm" className="mt-3" onClick={() => setPending({ kind: 'group' })}>
            Delete Group
          </Button>
        </section>
      ) : null}
      <ConfirmDialog
        open={pending?.kind === 'member'}
        onClose={() => setPending(null)}
        title="Remove member?"
        description={
          pending?.kind === 'member'
            ? `${pending.member.name} will be removed from ${group.name} and lose access to its shared trips.`
            : ''
        }
        confirmLabel="Remove Member"
        pending={removeMember.isPending}
        onConfirm={() =>
          pending?.kind === 'member' && removeMember.mutate({ id: group.id, memberId: pending.member.id })
        }
      />
      <ConfirmDialog
        open={pending?.kind === 'group'}
        onClose={() => setPending(null)}
        title="Delete group?"
        description={`${group.name}, its members and its shared trips list will be deleted. This action cannot be undone.`}
        confirmLabel="Delete Group"
        pending={deleteGroup.isPending}
        onConfirm={() => deleteGroup.mutate({ id: group.id })}
      />
    </div>
  );
}

function RenameForm({ group }: { group: Group }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const update = useMutation(trpc.family.updateGroup.mutationOptions());
  const toRequest = (values: { name: string; description: string; type: GroupType }) => ({ id: group.id, ...values });
  const form = useAppForm({
    defaultValues: { name: group.name, description: group.description ?? '', type: group.type },
    validators: { onSubmit: schemaValidator(updateGroupInput, toRequest, { name: 'Enter a name for the group' }) },
    onSubmit: async ({ value }) => {
      if (
        !(
          await sendForm(form, () => update.mutateAsync(toRequest(value)), {
            toast,
            title: 'Could not update the group',
          })
        ).ok
      )
        return;
      await queryClient.invalidateQueries(trpc.family.pathFilter());
      toast({ title: 'Group updated', tone: 'success' });
    },
  });
  return (
    <form onSubmit={submitWith(form)} noValidate className="space-y-3" aria-label="Group details">
      <div className="grid gap-3 sm:grid-cols-2">
        <form.AppField name="name">{(field) => <field.TextField label="Group Name" maxLength={100} />}</form.AppField>
        <form.AppField name="type">
          {(field) => <field.SelectField label="Group Type" options={groupTypeLabels} />}
        </form.AppField>
      </div>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" optional maxLength={500} rows={2} />}
      </form.AppField>
      <div className="flex justify-end">
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(saving) => (
            <Button type="submit" size="sm" disabled={saving}>
              {saving ? 'Saving…' : 'Save Changes'}
            </Button>
          )}
        </form.Subscribe>
      </div>
    </form>
  );
}

/** The trips shared with the group; the signed-in user shares their own upcoming or current ones. */
function SharedTripsSection({ group }: { group: Group }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const trips = useQuery(trpc.trips.list.queryOptions());
  // Only one's own trips can be shared (the list holds those shared with one too).
  const myTrips = { isPending: trips.isPending, data: trips.data?.filter((t) => t.access === 'owner') };
  const options = (myTrips.data ?? []).filter(
    (t) => t.status !== 'cancelled' && t.status !== 'past' && !group.trips.some((s) => s.id === t.id),
  );
  const myTripIds = new Set((myTrips.data ?? []).map((t) => t.id));
  const shareError = (error: unknown) =>
    toast({ title: 'Could not share the trip', description: errorMessage(error), tone: 'destructive' });
  const share = useMutation(trpc.family.shareTrip.mutationOptions());
  const toRequest = (values: { tripId: string }) => ({ id: group.id, tripId: values.tripId });
  const form = useAppForm({
    defaultValues: { tripId: '' },
    validators: { onSubmit: schemaValidator(groupTripInput, toRequest) },
    onSubmit: async ({ value }) => {
      try {
        await share.mutateAsync(toRequest(value));
      } catch (error) {
        applyServerErrors(form, error);
        shareError(error);
        return;
      }
      await done('Trip shared')();
    },
  });
  const tripId = useStore(form.store, (state) => state.values.tripId);
  const done = (title: string) => async () => {
    form.reset();
    await queryClient.invalidateQueries(trpc.family.pathFilter());
    toast({ title, tone: 'success' });
  };
  const unshare = useMutation(
    trpc.family.unshareTrip.mutationOptions({
      onSuccess: done('Trip no longer shared'),
      onError: (error) =>
        toast({ title: 'Could not stop sharing the trip', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <section aria-labelledby="manage-trips">
      <h3 id="manage-trips" className="text-base font-semibold text-ink">
        Shared trips
      </h3>
      {group.trips.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No trips are shared with this group yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {group.trips.map((trip) => (
            <li key={trip.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm text-ink">
                {trip.title} <span className="text-muted">· {trip.destination}</span>
              </span>
              {myTripIds.has(trip.id) ? (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={unshare.isPending}
                  onClick={() => unshare.mutate({ id: group.id, tripId: trip.id })}
                  aria-label={`Stop sharing ${trip.title}`}
                >
                  Stop sharing
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <form className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={submitWith(form)} noValidate>
        <form.AppField name="tripId">
          {(field) => (
            <field.SelectField label="Share one of your trips" className="flex-1" disabled={options.length === 0}>
              <option value="">
                {myTrips.isPending
                  ? 'Loading your trips…'
                  : options.length === 0
                    ? 'No trips to share'
                    : 'Choose a trip'}
              </option>
              {options.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title} ({t.startDate})
                </option>
              ))}
            </field.SelectField>
          )}
        </form.AppField>
        <Button type="submit" disabled={!tripId || share.isPending}>
          Share Trip
        </Button>
      </form>
    </section>
  );
}
