import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useToast } from '@naav/ui/toast';
import type { Companion } from './companions-list-card';
import type { Trip } from '../lib/api-types';
import { useTRPC } from '../lib/trpc';
import { sendForm, schemaValidator, submitWith, useAppForm, withForm } from './form';
import { focusFirstInvalid } from './form-controls';
import { createCompanionInput, updateCompanionInput } from '@naav/schemas/companions';
import { ownImageHint } from '../lib/own-image';

// The companions card's form (ManageCompanionsCard), loaded with its dialog.

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
export function CompanionForm({ trip, companion, onDone }: { trip: Trip; companion?: Companion; onDone: () => void }) {
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
