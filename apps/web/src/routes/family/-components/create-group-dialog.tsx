import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { createGroupInput } from '@naav/schemas/family';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { focusFirstInvalid } from '~/components/form-controls';
import { schemaValidator, sendAndConfirm, submitWith, useAppForm } from '~/components/form';
import { useTRPC } from '~/lib/trpc';
import { groupTypeLabels, type GroupType } from './family-labels';

/** 'Create a New Family Group': name required, description optional, type Family by default. */
export function CreateGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create a New Family Group"
      description="Group the people you travel with to share trips with them."
    >
      {open ? <CreateGroupForm onDone={onClose} /> : null}
    </Dialog>
  );
}

const emptyGroup = { name: '', description: '', type: 'family' as GroupType };

function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useMutation(trpc.family.createGroup.mutationOptions());

  const form = useAppForm({
    defaultValues: emptyGroup,
    validators: {
      onSubmit: schemaValidator(createGroupInput, (values: typeof emptyGroup) => values, {
        name: 'Enter a name for the group',
      }),
    },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      await sendAndConfirm(form, () => create.mutateAsync(value), {
        toast,
        title: 'Error creating group',
        description: 'There was an error creating your family group. Please try again.',
        focusIn: formRef.current,
        refetch: () => queryClient.invalidateQueries(trpc.family.pathFilter()),
        success: { title: 'Group created', description: 'Your new family group has been created successfully.' },
        onDone,
      });
    },
  });

  return (
    <form ref={formRef} onSubmit={submitWith(form)} noValidate className="space-y-4" aria-label="New group">
      <form.AppField name="name">
        {(field) => <field.TextField label="Group Name" maxLength={100} autoFocus />}
      </form.AppField>
      <form.AppField name="description">
        {(field) => <field.TextAreaField label="Description" optional maxLength={500} />}
      </form.AppField>
      <form.AppField name="type">
        {(field) => <field.SelectField label="Group Type" options={groupTypeLabels} />}
      </form.AppField>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busyLabel="Creating…" label="Create Group" />
      </form.AppForm>
    </form>
  );
}
