import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { signUpInput } from '@naav/schemas/auth';
import { schemaValidator, submitWith, useAppForm } from '../components/form';
import { FormError } from '../components/form-controls';
import { usePageTitle } from '../components/page-title';
import { maxPasswordLength, minPasswordLength, signUp } from '../lib/session';
import { NeedsConnection, useNeedsConnection } from '../components/needs-connection';
import { useSubmit } from '../lib/use-submit';
import { AuthLayout } from './-components/auth/auth-layout';
import { CheckYourInbox } from './-components/auth/check-your-inbox';
import { textParam, searchSchema } from '~/lib/search-params';

export const Route = createFileRoute('/sign-up')({
  validateSearch: searchSchema({ redirect: textParam }),
  component: SignUpPage,
});

type Values = { name: string; email: string; password: string };

function SignUpPage() {
  usePageTitle('Create an account');
  const { redirect } = Route.useSearch();
  const { busy, error, run } = useSubmit('Sign-up failed');
  const offline = useNeedsConnection();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const toRequest = (values: Values) => ({
    name: values.name.trim(),
    email: values.email.trim(),
    password: values.password,
  });
  const form = useAppForm({
    defaultValues: { name: '', email: '', password: '' } as Values,
    validators: {
      onSubmit: schemaValidator(signUpInput, toRequest, {
        name: 'Enter your name',
        email: 'Enter your email',
        password: 'Enter a password',
      }),
    },
    onSubmit: ({ value }) =>
      run(async () => {
        const request = toRequest(value);
        await signUp(request.name, request.email, request.password);
        // The same answer whether or not the address already has an account: the mail tells its owner which.
        setSentTo(request.email);
      }),
  });
  const onSubmit = submitWith(form);

  if (sentTo) {
    return (
      <CheckYourInbox subtitle={`We sent a message to ${sentTo}.`}>
        Open the link in it to confirm your address and sign in. It works for one hour. If the address already has an
        account, the message tells you how to sign in instead.
      </CheckYourInbox>
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Keep your past trips, the current one and the next in one place.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <form.AppField name="name">
          {(field) => <field.TextField label="Name" autoComplete="name" required />}
        </form.AppField>
        <form.AppField name="email">
          {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              minLength={minPasswordLength}
              maxLength={maxPasswordLength}
              hint={`At least ${minPasswordLength} characters; a few unrelated words make a good one.`}
            />
          )}
        </form.AppField>
        <FormError message={error} />
        <form.AppForm>
          <form.SubmitButton
            className="w-full"
            busy={busy}
            disabled={offline}
            label="Create account"
            busyLabel="Creating your account…"
          />
        </form.AppForm>
        <NeedsConnection action="Creating an account" className="text-center text-sm text-muted" />
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link
          to="/sign-in"
          search={redirect ? { redirect } : {}}
          className="font-medium text-brand-700 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
