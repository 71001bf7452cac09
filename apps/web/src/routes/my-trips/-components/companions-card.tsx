import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { Icon } from '../../../components/icon';
import { CompanionsCard, type Companion } from '../../../components/companions-card';
import type { Trip } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { errorMessage, fieldErrorsOf } from '../../../components/api-errors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { focusFirstInvalid, FormButtons, TextInput } from '../../../components/form-controls';
import { isOwnImage, ownImageMessage } from '@naav/schemas/own-image';
import { ownImageHint } from '../../../lib/own-image';

/** My Trips' companions card: the shared card, with adding and removing. */
export function TripCompanionsCard({ trip, companions }: { trip: Trip; companions: UseQueryResult<Companion[], unknown> }) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Companion | null>(null);
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

type CompanionField = 'name' | 'relationship' | 'imageUrl';

function AddCompanionForm({ trip, onDone }: { trip: Trip; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<CompanionField, string>>({ name: '', relationship: '', imageUrl: '' });
  const [errors, setErrors] = useState<Partial<Record<CompanionField, string>>>({});
  const add = useMutation(
    trpc.trips.addCompanion.mutationOptions({
      onSuccess: async (companion) => {
        toast({ title: `${companion.name} added`, tone: 'success' });
        onDone();
        await queryClient.invalidateQueries({ queryKey: trpc.trips.companions.queryKey({ id: trip.id }) });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          focusFirstInvalid(formRef.current);
        } else toast({ title: 'Could not add the companion', description: errorMessage(error), tone: 'destructive' });
      },
    }),
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<CompanionField, string>> = {};
    if (!values.name.trim()) found.name = 'Enter a name';
    if (!values.relationship.trim()) found.relationship = 'Enter the relationship, e.g. Friend';
    const image = values.imageUrl.trim();
    if (image && !isOwnImage(image)) found.imageUrl = ownImageMessage;
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstInvalid(formRef.current);
    add.mutate({ id: trip.id, ...values });
  }

  const field = (name: CompanionField) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors((er) => ({ ...er, [name]: undefined }));
    },
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <TextInput label="Name" required maxLength={100} autoComplete="off" {...field('name')} />
      <TextInput label="Relationship" required maxLength={60} hint="e.g. Spouse, Friend, Colleague" {...field('relationship')} />
      <TextInput label="Image URL" optional maxLength={500} hint={ownImageHint} {...field('imageUrl')} />
      <FormButtons onCancel={onDone} busy={add.isPending} busyLabel="Adding…" label="Add Companion" />
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
