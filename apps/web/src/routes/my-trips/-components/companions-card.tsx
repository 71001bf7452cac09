import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { Icon } from '../../../components/icon';
import { CompanionsCard, type Companion } from '../../../components/companions-card';
import type { Trip } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage } from '../../../components/api-errors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { applyServerErrors, schemaValidator, submitWith, useAppForm } from '../../../components/form';
import { focusFirstInvalid } from '../../../components/form-controls';
import { createCompanionInput } from '@naav/schemas/companions';
import { ownImageHint } from '../../../lib/own-image';
import { canEditTrip } from '../../../lib/trip-permissions';

/** My Trips' companions card: the shared card, with adding and removing. */
export function TripCompanionsCard({ trip, companions }: { trip: Trip; companions: UseQueryResult<Companion[], unknown> }) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Companion | null>(null);
  // A view member of a group the trip is shared with reads the list only.
  if (!canEditTrip(trip)) return <CompanionsCard title="Travel Companions" companions={companions} />;
  return (
    <>
      <CompanionsCard
        title="Travel Companions"
        companions={companions}
        onRemove={setRemoving}
        action={
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)} aria-label="Add a companion">
            <Icon name="users" className="size-4" />
            Add
          </Button>
        }
      />
      <AddCompanionDialog trip={trip} open={adding} onClose={() => setAdding(false)} />
      <RemoveCompanionDialog trip={trip} companion={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function AddCompanionDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Add a Travel Companion">
      {open ? <AddCompanionForm trip={trip} onDone={onClose} /> : null}
    </Dialog>
  );
}

type CompanionValues = { name: string; relationship: string; imageUrl: string };

/** What each required field says when left blank; any other problem is the server's own message. */
const blankCompanionMessages = { name: 'Enter a name', relationship: 'Enter the relationship, e.g. Friend' };

function AddCompanionForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const add = useMutation(trpc.trips.addCompanion.mutationOptions());

  const toRequest = (values: CompanionValues) => ({ id: trip.id, ...values });
  const form = useAppForm({
    defaultValues: { name: '', relationship: '', imageUrl: '' } as CompanionValues,
    validators: { onSubmit: schemaValidator(createCompanionInput, toRequest, blankCompanionMessages) },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      let companion: Awaited<ReturnType<typeof add.mutateAsync>>;
      try {
        companion = await add.mutateAsync(toRequest(value));
      } catch (error) {
        if (applyServerErrors(form, error)) focusFirstInvalid(formRef.current);
        else toast({ title: 'Could not add the companion', description: errorMessage(error), tone: 'destructive' });
        return;
      }
      toast({ title: `${companion.name} added`, tone: 'success' });
      onDone();
      await queryClient.invalidateQueries({ queryKey: trpc.trips.companions.queryKey({ id: trip.id }) });
    },
  });

  const onSubmit = submitWith(form);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <form.AppField name="name">{(field) => <field.TextField label="Name" required maxLength={100} autoComplete="off" />}</form.AppField>
      <form.AppField name="relationship">
        {(field) => <field.TextField label="Relationship" required maxLength={60} hint="e.g. Spouse, Friend, Colleague" />}
      </form.AppField>
      <form.AppField name="imageUrl">{(field) => <field.TextField label="Image URL" optional maxLength={500} hint={ownImageHint} />}</form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busy={add.isPending} busyLabel="Adding…" label="Add Companion" />
      </form.AppForm>
    </form>
  );
}

function RemoveCompanionDialog({ trip, companion, onClose }: { trip: Trip; companion: Companion | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Kept while the dialog closes, so its text does not blank out mid-transition.
  const [shown, setShown] = useState<Companion | null>(companion);
  if (companion && companion !== shown) setShown(companion);
  const remove = useMutation(
    trpc.companions.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: `${shown?.name ?? 'Companion'} removed`, tone: 'success' });
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.trips.companions.queryKey({ id: trip.id }) });
      },
      onError: (error) => toast({ title: 'Could not remove the companion', description: errorMessage(error), tone: 'destructive' }),
    }),
  );
  return (
    <ConfirmDialog
      open={companion !== null}
      onClose={onClose}
      title={`Remove ${shown?.name ?? 'this companion'}?`}
      description={`${shown?.name ?? 'They'} will no longer be listed on ${trip.title}.`}
      confirmLabel="Remove"
      cancelLabel="Keep"
      pending={remove.isPending}
      onConfirm={() => companion && remove.mutate({ id: companion.id })}
    />
  );
}
