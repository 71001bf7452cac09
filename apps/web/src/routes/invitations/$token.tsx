import { roleLabels } from '@naav/schemas/role-names';
import { acceptInvitationInput } from '@naav/schemas/roles';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useTRPC } from '~/lib/trpc';
import { schemaValidator, submitWith, useAppForm } from '../../components/form';
import { FormError } from '../../components/form-controls';
import { LoadingBlock } from '../../components/loading-block';
import { usePageTitle } from '../../components/page-title';
import { minPasswordLength } from '../../lib/session';
import { useSubmit } from '../../lib/use-submit';
import { AuthLayout } from '../-components/auth/auth-layout';
import { NewPasswordFields, passwordsDiffer, useFormLevelError } from '../-components/auth/new-password-fields';

// Public (see lib/public-paths.ts): the link from an invitation mail, which works once, for 7 days.
export const Route = createFileRoute('/invitations/$token')({
  loader: ({ context: { queryClient, trpc }, params: { token } }) => {
    void queryClient.prefetchQuery(trpc.invitations.get.queryOptions({ token }));
  },
  component: InvitationPage,
});

type Values = { name: string; password: string; repeat: string };

/** POST /api/invitations/{token}/accept: the answer sets the session cookie. */
async function accept(token: string, body: { name: string; password: string }) {
  const res = await fetch(`/api/invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.ok) return;
  const answer = (await res.json().catch(() => null)) as { message?: string; issues?: { message: string }[] } | null;
  if (res.status === 404) throw new Error('This invitation link no longer works: ask for a new one');
  throw new Error(answer?.issues?.[0]?.message ?? answer?.message ?? 'Could not accept the invitation');
}

function InvitationPage() {
  usePageTitle('Join Naav');
  const { token } = Route.useParams();
  const trpc = useTRPC();
  const invitation = useQuery({ ...trpc.invitations.get.queryOptions({ token }), retry: false });
  const { busy, error, run } = useSubmit('Could not accept the invitation');
  const checkFields = schemaValidator(
    acceptInvitationInput,
    (values: Values) => ({ name: values.name, password: values.password }),
    { name: 'Enter your name', password: 'Enter a password' },
  );
  const form = useAppForm({
    defaultValues: { name: '', password: '', repeat: '' } as Values,
    validators: {
      onSubmit: ({ value }) => checkFields({ value }) ?? passwordsDiffer(value),
    },
    onSubmit: ({ value }) =>
      run(async () => {
        await accept(token, { name: value.name.trim(), password: value.password });
        // A fresh start with the new session: an agent's home is their desk.
        window.location.assign('/');
      }),
  });
  const mismatch = useFormLevelError(form);

  if (invitation.isPending) {
    return (
      <AuthLayout title="Join Naav" subtitle="Checking your invitation…">
        <LoadingBlock text="Checking your invitation…" />
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    return (
      <AuthLayout title="This invitation no longer works" subtitle="Invitation links work once, for 7 days.">
        <p className="text-ink">Ask the person who invited you for a new one, or sign in if you already joined.</p>
        <Link
          to="/sign-in"
          className="mt-6 flex min-h-11 items-center justify-center font-medium text-brand-700 hover:underline"
        >
          Sign in
        </Link>
      </AuthLayout>
    );
  }

  const { email, role } = invitation.data;
  return (
    <AuthLayout
      title="Join Naav"
      subtitle={`You are invited as ${roleLabels[role].toLowerCase()} with ${email}. Choose your password (at least ${minPasswordLength} characters).`}
    >
      <form onSubmit={submitWith(form)} className="space-y-4" noValidate>
        <form.AppField name="name">
          {(field) => <field.TextField label="Your name" autoComplete="name" required maxLength={100} />}
        </form.AppField>
        <NewPasswordFields form={form} fields={{ password: 'password', repeat: 'repeat' }} label="Password" />
        <FormError message={mismatch ?? error} />
        <form.AppForm>
          <form.SubmitButton className="w-full" busy={busy} label="Join Naav" busyLabel="Joining…" />
        </form.AppForm>
      </form>
    </AuthLayout>
  );
}
