import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { FormError } from '../components/form-controls';
import { usePageTitle } from '../components/page-title';
import { maxPasswordLength, minPasswordLength, resetPassword } from '../lib/session';
import { useSubmit } from '../lib/use-submit';
import { AuthLayout } from './-components/auth/auth-layout';
import { TextField } from './-components/auth/text-field';

export const Route = createFileRoute('/reset-password')({
  // The link in the message lands here with `token`, or with `error` when it has expired or was used.
  validateSearch: (search: Record<string, unknown>): { token?: string; error?: string } => ({
    ...(typeof search['token'] === 'string' ? { token: search['token'] } : {}),
    ...(typeof search['error'] === 'string' ? { error: search['error'] } : {}),
  }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const { token, error: linkError } = Route.useSearch();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { busy, error, setError, run } = useSubmit('The password could not be changed');
  const [done, setDone] = useState(false);

  if (!token || linkError) {
    return (
      <AuthLayout title="This link no longer works" subtitle="Reset links work once, for 30 minutes.">
        <p className="text-ink">Ask for a new one and use the newest message.</p>
        <Link to="/forgot-password" className="mt-6 block text-center font-medium text-brand-700 hover:underline">
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
        <Link to="/sign-in" className="mt-6 block text-center font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </AuthLayout>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < minPasswordLength) return setError(`Password must be at least ${minPasswordLength} characters`);
    if (password !== repeat) return setError('The two passwords are not the same');
    void run(async () => {
      await resetPassword(token, password);
      setDone(true);
    });
  };

  return (
    <AuthLayout title="Choose a new password" subtitle={`At least ${minPasswordLength} characters; setting it signs you out everywhere.`}>
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          maxLength={maxPasswordLength}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="New password again"
          type="password"
          autoComplete="new-password"
          required
          maxLength={maxPasswordLength}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <FormError message={error} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving…' : 'Set the new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
