import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { Icon } from './icon';
import { CompanionsListCard, type Companion } from './companions-list-card';
import type { Trip } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { sendForm, schemaValidator, submitWith, useAppForm, withForm } from './form';
import { focusFirstInvalid } from './form-controls';
import { createCompanionInput, updateCompanionInput } from '@naav/schemas/companions';
import { ownImageHint } from '../lib/own-image';
import { RemoveRowDialog } from './remove-row-dialog';
import { canEditTrip } from '../lib/trip-permissions';

/**
 * A trip's companions card (My Trips' "Travel Companions", the trip page's "Trip Companions"):
 * for someone who may change the trip, with Add, and Edit and Remove (confirmed) on each.
 */
export function ManageCompanionsCard({
  trip,
  companions,
  title = 'Travel Companions',
  canEdit = true,
}: {
  trip: Trip;
  companions: UseQueryResult<Companion[], unknown>;
  title?: string;
  canEdit?: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Companion | null>(null);
  const [removing, setRemoving] = useState<Companion | null>(null);
  // A view member of a group the trip is shared with reads the list only.
  if (!canEditTrip(trip)) return <CompanionsListCard title={title} companions={companions} />;
  return (
    <>
      <CompanionsListCard
        title={title}
        companions={companions}
        onEdit={canEdit ? setEditing : undefined}
        onRemove={canEdit ? setRemoving : undefined}
        action={
          canEdit ? (
            <Button
              size="sm"
              variant="secondary"
              className="max-sm:min-h-11"
              onClick={() => setAdding(true)}
              aria-label="Add a companion"
            >
              <Icon name="users" className="size-4" />
              Add
            </Button>
          ) : null
        }
      />
      <AddCompanionDialog trip={trip} open={adding} onClose={() => setAdding(false)} />
      <EditCompanionDialog trip={trip} companion={editing} onClose={() => setEditing(null)} />
      <RemoveCompanionDialog trip={trip} companion={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function AddCompanionDialog({ trip, open, onClose }: { trip: Trip; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Add a Travel Companion">
      {open ? <CompanionForm trip={trip} onDone={onClose} /> : null}
    </Dialog>
  );
}

function EditCompanionDialog({
  trip,
  companion,
  onClose,
}: {
  trip: Trip;
  companion: Companion | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={companion !== null} onClose={onClose} title="Edit Travel Companion">
      {/* Mounted only while open, so every opening starts from the saved companion. */}
      {companion ? <CompanionForm trip={trip} companion={companion} onDone={onClose} /> : null}
    </Dialog>
  );
}

type CompanionValues = { name: string; relationship: string; imageUrl: string };

/** What each required field says when left blank; any other problem is the server's own message. */
const blankCompanionMessages = { name: 'Enter a name', relationship: 'Enter the relationship, e.g. Friend' };

/** The companion's fields, the same in Add and Edit. */
const CompanionFields = withForm({
  defaultValues: { name: '', relationship: '', imageUrl: '' } as CompanionValues,
  render: ({ form }) => (
    <>
      <form.AppField name="name">
        {(field) => <field.TextField label="Name" required maxLength={100} autoComplete="off" />}
      </form.AppField>
      <form.AppField name="relationship">
        {(field) => (
          <field.TextField label="Relationship" required maxLength={60} hint="e.g. Spouse, Friend, Colleague" />
        )}
      </form.AppField>
      <form.AppField name="imageUrl">
        {(field) => <field.TextField label="Image URL" optional maxLength={500} hint={ownImageHint} />}
      </form.AppField>
    </>
  ),
});

/** Adds a companion to the trip, or (given `companion`) saves changes to one. */
function CompanionForm({ trip, companion, onDone }: { trip: Trip; companion?: Companion; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const add = useMutation(trpc.companions.create.mutationOptions());
  const update = useMutation(trpc.companions.update.mutationOptions());
  const saving = companion ? update : add;

  const send = (values: CompanionValues) =>
    companion ? update.mutateAsync({ id: companion.id, ...values }) : add.mutateAsync({ id: trip.id, ...values });
  const check = companion
    ? schemaValidator(
        updateCompanionInput,
        (values: CompanionValues) => ({ id: companion.id, ...values }),
        blankCompanionMessages,
      )
    : schemaValidator(
        createCompanionInput,
        (values: CompanionValues) => ({ id: trip.id, ...values }),
        blankCompanionMessages,
      );
  const form = useAppForm({
    defaultValues: {
      name: companion?.name ?? '',
      relationship: companion?.relationship ?? '',
      imageUrl: companion?.imageUrl ?? '',
    } as CompanionValues,
    validators: { onSubmit: check },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      const sent = await sendForm(form, () => send(value), {
        toast,
        title: companion ? 'Could not save the companion' : 'Could not add the companion',
        focusIn: formRef.current,
        quietWhenOnFields: true,
      });
      if (!sent.ok) return;
      const saved = sent.value;
      toast({ title: `${saved.name} ${companion ? 'saved' : 'added'}`, tone: 'success' });
      onDone();
      await queryClient.invalidateQueries({ queryKey: trpc.trips.companions.queryKey({ id: trip.id }) });
    },
  });

  const onSubmit = submitWith(form);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
      <CompanionFields form={form} />
      <form.AppForm>
        <form.DialogButtons
          onCancel={onDone}
          busy={saving.isPending}
          busyLabel={companion ? 'Saving…' : 'Adding…'}
          label={companion ? 'Save Changes' : 'Add Companion'}
        />
      </form.AppForm>
    </form>
  );
}

function RemoveCompanionDialog({
  trip,
  companion,
  onClose,
}: {
  trip: Trip;
  companion: Companion | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  return (
    <RemoveRowDialog
      row={companion}
      onClose={onClose}
      mutation={trpc.companions.delete.mutationOptions()}
      listKey={trpc.trips.companions.queryKey({ id: trip.id })}
      texts={(shown) => ({
        removed: `${shown?.name ?? 'Companion'} removed`,
        failed: 'Could not remove the companion',
        title: `Remove ${shown?.name ?? 'this companion'}?`,
        description: `${shown?.name ?? 'They'} will no longer be listed on ${trip.title}.`,
        confirmLabel: 'Remove',
      })}
    />
  );
}
