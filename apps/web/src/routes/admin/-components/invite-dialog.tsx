import { invitationInput, roleLabels, type Role } from '@naav/schemas/roles';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { useMutation } from '@tanstack/react-query';
import { schemaValidator, sendForm, submitWith, useAppForm } from '~/components/form';
import { useTRPC } from '~/lib/trpc';

type Values = { email: string; role: Role };

/** Invites someone by e-mail: the link in the mail sets their password and signs them in (once, for 7 days). */
export function InviteDialog({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: () => void;
}) {
  const trpc = useTRPC();
  const { toast } = useToast();
  const invite = useMutation(trpc.admin.invite.mutationOptions());
  const form = useAppForm({
    defaultValues: { email: '', role: 'agent' } as Values,
    validators: {
      onSubmit: schemaValidator(invitationInput, (v: Values) => ({ email: v.email.trim(), role: v.role }), {
        email: 'Enter an e-mail address',
      }),
    },
    onSubmit: async ({ value }) => {
      const sent = await sendForm(form, () => invite.mutateAsync({ email: value.email.trim(), role: value.role }), {
        toast,
        title: 'Could not send the invitation',
      });
      if (!sent.ok) return;
      toast({
        title: `Invitation sent to ${sent.value.email}`,
        description: 'The link works once, for 7 days.',
        tone: 'success',
      });
      form.reset();
      onInvited();
      onClose();
    },
  });
  return (
    <Dialog open={open} onClose={onClose} title="Invite by e-mail" description="They get a link to choose a password.">
      <form noValidate onSubmit={submitWith(form)} className="space-y-4">
        <form.AppField name="email">
          {(field) => <field.TextField label="E-mail address" type="email" autoComplete="off" required />}
        </form.AppField>
        <form.AppField name="role">{(field) => <field.SelectField label="Role" options={roleLabels} />}</form.AppField>
        <form.AppForm>
          <form.DialogButtons onCancel={onClose} label="Send invitation" busyLabel="Sending…" />
        </form.AppForm>
      </form>
    </Dialog>
  );
}
