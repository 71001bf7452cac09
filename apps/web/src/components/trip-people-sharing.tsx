import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { sharePersonInput, type MemberPermission } from '@naav/schemas/family';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import type { RouterOutputs } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { errorMessage } from './api-errors';
import { showSubmitError, schemaValidator, submitWith, useAppForm } from './form';
import { QueryState } from './query-state';
import { withPermissions } from '~/routes/family/-components/family-labels';

type Group = RouterOutputs['family']['groups'][number];

/** The three presets of a member's permission, as Family names them. */
const permissionLabels: Record<MemberPermission, string> = {
  view: 'View Only',
  edit: 'View & Edit',
  admin: 'Full Admin',
};

/**
 * The Share dialog's second half: share the trip with family groups the owner runs, or with a
 * person by e-mail (who joins the owner's group "Shared: <trip title>" with the chosen
 * permission). Those people then find the trip on their My Trips and Home.
 */
export function TripPeopleSharing({ tripId, tripTitle }: { tripId: string; tripTitle: string }) {
  const trpc = useTRPC();
  const groups = useQuery(trpc.family.groups.queryOptions());
  // Groups the owner may share into: their own, and those they administer.
  const manageable = (groups.data ?? []).filter((g) => g.access === 'owner' || g.access === 'admin');
  // The person's details in a dialog of their own, with its buttons always in view on a phone.
  const [addingPerson, setAddingPerson] = useState(false);
  return (
    <section aria-labelledby="share-people-heading" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="share-people-heading" className="font-semibold text-ink">
        Share with family and friends
      </h3>
      <p className="mt-1 text-sm text-muted">
        They see {tripTitle} on their My Trips and Home once signed in with that e-mail. View Only reads it; View &amp;
        Edit also changes it and its events.
      </p>
      <h4 className="mt-4 text-sm font-semibold text-ink">Your groups</h4>
      <div className="mt-2">
        <QueryState
          query={groups}
          loading={{ text: 'Loading your groups...', rows: 1 }}
          error={{ what: 'your groups' }}
          isEmpty={() => manageable.length === 0}
          empty={
            <p className="text-sm text-muted">
              You have no family groups yet. Share with a person below, or{' '}
              <Link to="/family" className="font-medium text-brand-700 underline">
                create a group
              </Link>
              .
            </p>
          }
        >
          {() => (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {manageable.map((group) => (
                <GroupRow key={group.id} group={group} tripId={tripId} tripTitle={tripTitle} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <h4 className="mt-5 text-sm font-semibold text-ink">A person by e-mail</h4>
      <p className="mt-1 text-sm text-muted">
        They join your group “Shared: {tripTitle}” with the permission you choose.
      </p>
      <Button variant="secondary" className="mt-2" onClick={() => setAddingPerson(true)} aria-haspopup="dialog">
        Share with a person
      </Button>
      <Dialog
        open={addingPerson}
        onClose={() => setAddingPerson(false)}
        title="Share with a person"
        description={tripTitle}
      >
        {addingPerson ? <PersonForm tripId={tripId} onDone={() => setAddingPerson(false)} /> : null}
      </Dialog>
    </section>
  );
}

function GroupRow({ group, tripId, tripTitle }: { group: Group; tripId: string; tripTitle: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const shared = group.trips.some((t) => t.id === tripId);
  const refresh = () => queryClient.invalidateQueries(trpc.family.pathFilter());
  const share = useMutation(
    trpc.family.shareTrip.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast({ title: 'Trip shared', description: `${group.name} can now see ${tripTitle}.`, tone: 'success' });
      },
      onError: (error) =>
        toast({ title: 'Could not share the trip', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  const unshare = useMutation(
    trpc.family.unshareTrip.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await refresh();
        toast({ title: 'Sharing stopped', description: `${group.name} no longer sees ${tripTitle}.`, tone: 'success' });
      },
      onError: (error) =>
        toast({ title: 'Could not stop sharing', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  const members = group.members.length;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <div className="min-w-0">
        <p className="font-medium text-ink">{group.name}</p>
        <p className="text-sm text-muted">
          {members === 1 ? '1 member' : `${members} members`}
          {shared ? ' · Shared' : ''}
        </p>
      </div>
      {confirming ? (
        <div
          role="alert"
          className="flex w-full flex-wrap items-center gap-2 rounded-lg bg-danger-50 p-2 text-sm text-danger-600"
        >
          <span className="flex-1">Stop sharing with {group.name}? Its members lose access to this trip.</span>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={unshare.isPending}>
            Keep sharing
          </Button>
          <Button
            variant="danger"
            onClick={() => unshare.mutate({ id: group.id, tripId })}
            disabled={unshare.isPending}
          >
            {unshare.isPending ? 'Stopping…' : 'Stop sharing'}
          </Button>
        </div>
      ) : shared ? (
        <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Stop sharing with ${group.name}`}>
          Stop sharing
        </Button>
      ) : (
        <Button
          onClick={() => share.mutate({ id: group.id, tripId })}
          disabled={share.isPending}
          aria-label={`Share with ${group.name}`}
        >
          {share.isPending ? 'Sharing…' : 'Share'}
        </Button>
      )}
    </li>
  );
}

const emptyPerson = { name: '', email: '', permission: 'view' as MemberPermission };
type PersonValues = typeof emptyPerson;

function PersonForm({ tripId, onDone }: { tripId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const shareWith = useMutation(trpc.family.shareTripWithPerson.mutationOptions());
  const toRequest = withPermissions<PersonValues, 'permission'>(tripId, 'permission');
  const form = useAppForm({
    defaultValues: emptyPerson,
    validators: {
      onSubmit: schemaValidator(
        sharePersonInput,
        toRequest,
        { name: 'Enter their name', email: 'Enter their e-mail address' },
        { permissions: 'permission' },
      ),
    },
    onSubmit: async ({ value }) => {
      try {
        const group = await shareWith.mutateAsync(toRequest(value));
        await queryClient.invalidateQueries(trpc.family.pathFilter());
        toast({
          title: 'Trip shared',
          description: `${value.name.trim()} is in ${group.name} with ${permissionLabels[value.permission]}.`,
          tone: 'success',
        });
        onDone();
      } catch (error) {
        showSubmitError(form, error, {
          toast,
          title: 'Could not share the trip',
          fieldOf: { permissions: 'permission' },
        });
      }
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)} aria-label="Share with a person" className="space-y-4">
      <form.AppField name="name">
        {(field) => <field.TextField label="Name" maxLength={100} autoComplete="off" />}
      </form.AppField>
      <form.AppField name="email">
        {(field) => <field.TextField label="Email" type="email" maxLength={254} autoComplete="off" />}
      </form.AppField>
      <form.AppField name="permission">
        {(field) => <field.SelectField label="Permission" options={permissionLabels} />}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} label="Share with them" busyLabel="Sharing…" />
      </form.AppForm>
    </form>
  );
}
