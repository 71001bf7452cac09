import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { FormError } from '../components/form-controls';
import { usePageTitle } from '../components/page-title';
import { maxPasswordLength, minPasswordLength, signUp } from '../lib/session';
import { NeedsConnection, useNeedsConnection } from '../components/needs-connection';
import { useSubmit } from '../lib/use-submit';
import { AuthLayout } from './-components/auth/auth-layout';
import { CheckYourInbox } from './-components/auth/check-your-inbox';
import { TextField } from './-components/auth/text-field';

export const Route = createFileRoute('/sign-up')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search['redirect'] === 'string' ? { redirect: search['redirect'] } : {},
  component: SignUpPage,
});

function SignUpPage() {
  usePageTitle('Create an account');
  const { redirect } = Route.useSearch();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, setError, run } = useSubmit('Sign-up failed');
  const offline = useNeedsConnection();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < minPasswordLength) return setError(`Password must be at least ${minPasswordLength} characters`);
    void run(async () => {
      await signUp(name.trim(), email.trim(), password);
      // The same answer whether or not the address already has an account: the mail tells its owner which.
      setSentTo(email.trim());
    });
  };

  if (sentTo) {
    return (
      <CheckYourInbox subtitle={`We sent a message to ${sentTo}.`}>
        Open the link in it to confirm your address and sign in. It works for one hour. If the address already has an account, the message tells you how
        to sign in instead.
      </CheckYourInbox>
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Keep your past trips, the current one and the next in one place.">
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField label="Name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          maxLength={maxPasswordLength}
          aria-describedby="password-rule"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="password-rule" className="-mt-2 text-xs text-muted">
          At least {minPasswordLength} characters; a few unrelated words make a good one.
        </p>
        <FormError message={error} />
        <Button type="submit" className="w-full" disabled={busy || offline}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
        <NeedsConnection action="Creating an account" className="text-center text-sm text-muted" />
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/sign-in" search={redirect ? { redirect } : {}} className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
