import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { resetPasswordInput } from '@naav/schemas/auth';
import { schemaValidator, submitWith, useAppForm } from '../components/form';
import { FormError } from '../components/form-controls';
import { usePageTitle } from '../components/page-title';
import { minPasswordLength, resetPassword } from '../lib/session';
import { useSubmit } from '../lib/use-submit';
import { AuthLayout } from './-components/auth/auth-layout';
import { NewPasswordFields, passwordsDiffer, useFormLevelError } from './-components/auth/new-password-fields';
import { searchSchema, textParam } from '~/lib/search-params';

export const Route = createFileRoute('/reset-password')({
  // The link in the message lands here with `token`, or with `error` when it has expired or was used.
  validateSearch: searchSchema({ token: textParam, error: textParam }),
  component: ResetPasswordPage,
});

type Values = { password: string; repeat: string };

function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const { token, error: linkError } = Route.useSearch();
  const { busy, error, run } = useSubmit('The password could not be changed');
  const [done, setDone] = useState(false);
  const checkPassword = schemaValidator(
    resetPasswordInput,
    (values: Values) => ({ newPassword: values.password }),
    { newPassword: 'Enter a password' },
    { newPassword: 'password' },
  );
  const form = useAppForm({
    defaultValues: { password: '', repeat: '' } as Values,
    validators: {
      // What the server would say of the password first; then the form's own check that both are the same.
      onSubmit: ({ value }) => checkPassword({ value }) ?? passwordsDiffer(value),
    },
    onSubmit: ({ value }) =>
      run(async () => {
        await resetPassword(token ?? '', value.password);
        setDone(true);
      }),
  });
  const mismatch = useFormLevelError(form);

  if (!token || linkError) {
    return (
      <AuthLayout title="This link no longer works" subtitle="Reset links work once, for 30 minutes.">
        <p className="text-ink">Ask for a new one and use the newest message.</p>
        <Link
          to="/forgot-password"
          className="mt-6 flex min-h-11 items-center justify-center font-medium text-brand-700 hover:underline"
        >
          Send me a new link
        </Link>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Your password is changed" subtitle="You were signed out everywhere.">
        <p role="status" className="text-ink">
          Sign in with the new password.
        </p>
        <Link
          to="/sign-in"
          className="mt-6 flex min-h-11 items-center justify-center font-medium text-brand-700 hover:underline"
        >
          Sign in
        </Link>
      </AuthLayout>
    );
  }

  const onSubmit = submitWith(form);

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={`At least ${minPasswordLength} characters; setting it signs you out everywhere.`}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <NewPasswordFields form={form} fields={{ password: 'password', repeat: 'repeat' }} label="New password" />
        <FormError message={mismatch ?? error} />
        <form.AppForm>
          <form.SubmitButton className="w-full" busy={busy} label="Set the new password" busyLabel="Saving…" />
        </form.AppForm>
      </form>
    </AuthLayout>
  );
}
