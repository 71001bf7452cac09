import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { requestPasswordResetInput } from '@naav/schemas/auth';
import { schemaValidator, submitWith, useAppForm } from '../components/form';
import { FormError } from '../components/form-controls';
import { usePageTitle } from '../components/page-title';
import { requestPasswordReset } from '../lib/session';
import { useSubmit } from '../lib/use-submit';
import { AuthLayout } from './-components/auth/auth-layout';
import { CheckYourInbox } from './-components/auth/check-your-inbox';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, error, run } = useSubmit('The link could not be sent');

  const toRequest = (values: { email: string }) => ({ email: values.email.trim() });
  const form = useAppForm({
    defaultValues: { email: '' },
    validators: { onSubmit: schemaValidator(requestPasswordResetInput, toRequest, { email: 'Enter your email' }) },
    onSubmit: ({ value }) =>
      run(async () => {
        const { email } = toRequest(value);
        await requestPasswordReset(email);
        setSentTo(email);
      }),
  });
  const onSubmit = submitWith(form);

  if (sentTo) {
    return (
      <CheckYourInbox subtitle={`If an account uses ${sentTo}, we sent it a link.`}>
        Open the link to choose a new password. It works once, for 30 minutes; setting the new password signs you out
        everywhere.
      </CheckYourInbox>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to choose a new one."
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <form.AppField name="email">
          {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
        </form.AppField>
        <FormError message={error} />
        <form.AppForm>
          <form.SubmitButton className="w-full" busy={busy} label="Send me a link" busyLabel="Sending…" />
        </form.AppForm>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Remembered it?{' '}
        <Link to="/sign-in" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
