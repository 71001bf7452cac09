import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { fieldErrorsOf } from '../../../components/api-errors';
import { focusFirstInvalid, FormButtons, SelectInput, TextInput } from '../../../components/form-controls';
import { useTRPC } from '../../../lib/trpc';
import { looksLikeEmail, relationshipLabels, type Group, type PresetKey, type Relationship } from './family-labels';
import { PermissionPresetPicker, presetPermissions } from './permission-preset-picker';

/** 'Add a New Member' to a group: name required, e-mail checked, View Only unless another preset is chosen. */
export function AddMemberDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  return (
    <Dialog
      open={group !== null}
      onClose={onClose}
      title="Add a New Member"
      description={group ? `Add someone to ${group.name}. Someone with an account under this e-mail sees the trips shared with the group.` : undefined}
    >
      {group ? <AddMemberForm groupId={group.id} onDone={onClose} /> : null}
    </Dialog>
  );
}

export function AddMemberForm({ groupId, onDone }: { groupId: string; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [relationship, setRelationship] = useState<Relationship>('other');
  const [preset, setPreset] = useState<PresetKey>('view');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = useMutation(
    trpc.family.addMember.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.family.pathFilter());
        toast({ title: 'Member added', description: 'The new member has been added to your family group.', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        focusFirstInvalid(form.current);
        toast({ title: 'Error adding member', description: 'There was an error adding the member. Please try again.', tone: 'destructive' });
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found['name'] = 'Enter the member’s name';
    if (email.trim() && !looksLikeEmail(email)) found['email'] = 'Enter a valid e-mail address';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    add.mutate({ id: groupId, name, email, phone, relationship, permissions: presetPermissions(preset) });
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label="New member">
      <TextInput label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors['name']} maxLength={100} autoComplete="off" />
      <TextInput label="Email" optional type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors['email']} maxLength={254} autoComplete="off" />
      <TextInput label="Phone" optional type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={errors['phone']} maxLength={40} autoComplete="off" />
      <SelectInput label="Relationship" value={relationship} onChange={(e) => setRelationship(e.target.value as Relationship)} error={errors['relationship']}>
        {Object.entries(relationshipLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectInput>
      <PermissionPresetPicker value={preset} onChange={setPreset} name="new-member-permissions" error={errors['permissions']} />
      <FormButtons onCancel={onDone} busy={add.isPending} busyLabel="Adding…" label="Add Member" />
    </form>
  );
}
