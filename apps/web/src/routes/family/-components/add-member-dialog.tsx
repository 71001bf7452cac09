import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { addMemberInput } from '@naav/schemas/family';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { focusFirstInvalid } from '~/components/form-controls';
import { firstError, sendAndConfirm, schemaValidator, submitWith, useAppForm } from '~/components/form';
import { useTRPC } from '~/lib/trpc';
import { relationshipLabels, withPermissions, type Group, type PresetKey, type Relationship } from './family-labels';
import { PermissionPresetPicker } from './permission-preset-picker';

/** 'Add a New Member' to a group: name required, e-mail checked, View Only unless another preset is chosen. */
export function AddMemberDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  return (
    <Dialog
      open={group !== null}
      onClose={onClose}
      title="Add a New Member"
      description={
        group
          ? `Add someone to ${group.name}. Someone with an account under this e-mail sees the trips shared with the group.`
          : undefined
      }
    >
      {group ? <AddMemberForm groupId={group.id} onDone={onClose} /> : null}
    </Dialog>
  );
}

const emptyMember = {
  name: '',
  email: '',
  phone: '',
  relationship: 'other' as Relationship,
  preset: 'view' as PresetKey,
};
type MemberValues = typeof emptyMember;

export function AddMemberForm({ groupId, onDone }: { groupId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const add = useMutation(trpc.family.addMember.mutationOptions());

  const toRequest = withPermissions<MemberValues, 'preset'>(groupId, 'preset');
  const form = useAppForm({
    defaultValues: emptyMember,
    validators: {
      onSubmit: schemaValidator(
        addMemberInput,
        toRequest,
        { name: 'Enter the member’s name' },
        { permissions: 'preset' },
      ),
    },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      await sendAndConfirm(form, () => add.mutateAsync(toRequest(value)), {
        toast,
        title: 'Error adding member',
        description: 'There was an error adding the member. Please try again.',
        fieldOf: { permissions: 'preset' },
        focusIn: formRef.current,
        refetch: () => queryClient.invalidateQueries(trpc.family.pathFilter()),
        success: { title: 'Member added', description: 'The new member has been added to your family group.' },
        onDone,
      });
    },
  });

  return (
    <form ref={formRef} onSubmit={submitWith(form)} noValidate className="space-y-4" aria-label="New member">
      <form.AppField name="name">
        {(field) => <field.TextField label="Name" maxLength={100} autoComplete="off" />}
      </form.AppField>
      <form.AppField name="email">
        {(field) => <field.TextField label="Email" optional type="email" maxLength={254} autoComplete="off" />}
      </form.AppField>
      <form.AppField name="phone">
        {(field) => <field.TextField label="Phone" optional type="tel" maxLength={40} autoComplete="off" />}
      </form.AppField>
      <form.AppField name="relationship">
        {(field) => <field.SelectField label="Relationship" options={relationshipLabels} />}
      </form.AppField>
      <form.Field name="preset">
        {(field) => (
          <PermissionPresetPicker
            value={field.state.value}
            onChange={field.handleChange}
            name="new-member-permissions"
            error={firstError(field.state.meta)}
          />
        )}
      </form.Field>
      <form.AppForm>
        <form.DialogButtons onCancel={onDone} busyLabel="Adding…" label="Add Member" />
      </form.AppForm>
    </form>
  );
}
