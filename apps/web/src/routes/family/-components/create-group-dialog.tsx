import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { fieldErrorsOf } from '../../../components/api-errors';
import { focusFirstInvalid, FormButtons, SelectInput, TextArea, TextInput } from '../../../components/form-controls';
import { useTRPC } from '../../../lib/trpc';
import { groupTypeLabels, type GroupType } from './family-labels';

/** 'Create a New Family Group': name required, description optional, type Family by default. */
export function CreateGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create a New Family Group" description="Group the people you travel with to share trips with them.">
      {open ? <CreateGroupForm onDone={onClose} /> : null}
    </Dialog>
  );
}

function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<GroupType>('family');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation(
    trpc.family.createGroup.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.family.pathFilter());
        toast({ title: 'Group created', description: 'Your new family group has been created successfully.', tone: 'success' });
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        focusFirstInvalid(form.current);
        toast({ title: 'Error creating group', description: 'There was an error creating your family group. Please try again.', tone: 'destructive' });
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Enter a name for the group' });
      focusFirstInvalid(form.current);
      return;
    }
    setErrors({});
    create.mutate({ name, description, type });
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label="New group">
      <TextInput label="Group Name" value={name} onChange={(e) => setName(e.target.value)} error={errors['name']} maxLength={100} autoFocus />
      <TextArea label="Description" optional value={description} onChange={(e) => setDescription(e.target.value)} error={errors['description']} maxLength={500} />
      <SelectInput label="Group Type" value={type} onChange={(e) => setType(e.target.value as GroupType)} error={errors['type']}>
        {Object.entries(groupTypeLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectInput>
      <FormButtons onCancel={onDone} busy={create.isPending} busyLabel="Creating…" label="Create Group" />
    </form>
  );
}
