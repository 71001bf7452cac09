import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { deleteAccountInput } from '@naav/schemas/auth';
import { Button } from '@naav/ui/button';
import { Dialog } from '@naav/ui/dialog';
import { useToast } from '@naav/ui/toast';
import { deleteOfflineData } from '../lib/offline-cache';
import { appCodeField, digitsOnly } from '../lib/session';
import { useTRPC } from '../lib/trpc';
import { schemaValidator, sendForm, submitWith, useAppForm } from './form';
import { QueryState } from './query-state';

/** What the person types to confirm. */
const deleteConfirmation = 'DELETE';

interface Values {
  password: string;
  code: string;
  sharedTrips: 'transfer' | 'delete';
  confirm: string;
}

const toRequest = (v: Values) => ({
  password: v.password,
  code: v.code.trim() ? v.code.trim() : undefined,
  sharedTrips: v.sharedTrips,
});

/**
 * The account menu's Delete my account: says what goes, lists the trips shared with a group and
 * who would take each over, then asks for the password (and the app's code when two-factor
 * sign-in is on) and the word DELETE typed out. Deleted, the browser forgets everything offline.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  twoFactorEnabled,
}: {
  open: boolean;
  onClose: () => void;
  twoFactorEnabled: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const shared = useQuery({ ...trpc.me.sharedTrips.queryOptions(), enabled: open });
  const remove = useMutation(trpc.me.delete.mutationOptions());

  const form = useAppForm({
    defaultValues: { password: '', code: '', sharedTrips: 'transfer', confirm: '' } as Values,
    validators: {
      onSubmit: (args: { value: Values }) => {
        const checked = schemaValidator(deleteAccountInput, toRequest, {
          password: 'Enter your password',
          code: 'Enter the code from your app',
        })(args);
        const fields: Record<string, string> = { ...checked?.fields };
        if (twoFactorEnabled && !args.value.code.trim()) fields.code = 'Enter the code from your app';
        if (args.value.confirm.trim() !== deleteConfirmation) fields.confirm = `Type ${deleteConfirmation} to confirm`;
        return Object.keys(fields).length ? { fields } : undefined;
      },
    },
    onSubmit: async ({ value }) => {
      const sent = await sendForm(form, () => remove.mutateAsync(toRequest(value)), {
        toast,
        title: 'Could not delete your account',
        quietWhenOnFields: true,
      });
      if (!sent.ok) return;
      await deleteOfflineData(queryClient);
      toast({ title: 'Your account is deleted', description: 'Everything you kept in Naav is gone.', tone: 'success' });
      onClose();
      await navigate({ to: '/sign-in' });
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Delete my account"
      description="This cannot be undone. Your trips, expenses, photos, journal, documents, messages and groups are deleted, and you are signed out everywhere."
    >
      <form noValidate onSubmit={submitWith(form)} className="space-y-4">
        <QueryState
          query={shared}
          loading={{ text: 'Checking your shared trips...', rows: 1 }}
          error={{ what: 'your shared trips' }}
        >
          {(trips) =>
            trips.length === 0 ? null : (
              <div className="space-y-2 rounded-lg bg-canvas p-3 text-sm text-ink">
                <p className="font-medium">Trips shared with your groups</p>
                <ul className="list-disc space-y-1 pl-5">
                  {trips.map((trip) => (
                    <li key={trip.id}>
                      {trip.title}:{' '}
                      {trip.transferTo
                        ? `can go to ${trip.transferTo.name}`
                        : 'no member with edit permission, so it is deleted'}
                    </li>
                  ))}
                </ul>
                <form.AppField name="sharedTrips">
                  {(field) => (
                    <field.SelectField
                      label="Shared trips"
                      options={{ transfer: 'Give them to the member named', delete: 'Delete them too' }}
                    />
                  )}
                </form.AppField>
              </div>
            )
          }
        </QueryState>
        <form.AppField name="password">
          {(field) => <field.TextField label="Password" type="password" autoComplete="current-password" required />}
        </form.AppField>
        {twoFactorEnabled ? (
          <form.AppField name="code">
            {(field) => <field.TextField {...appCodeField} normalize={digitsOnly} />}
          </form.AppField>
        ) : null}
        <form.AppField name="confirm">
          {(field) => (
            <field.TextField
              label={`Type ${deleteConfirmation} to confirm`}
              autoComplete="off"
              autoCapitalize="characters"
              required
            />
          )}
        </form.AppField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            Keep my account
          </Button>
          <form.Subscribe selector={(state) => state.isSubmitting}>
            {(submitting) => (
              <Button type="submit" variant="danger" disabled={submitting}>
                {submitting ? 'Deleting…' : 'Delete my account'}
              </Button>
            )}
          </form.Subscribe>
        </div>
      </form>
    </Dialog>
  );
}
