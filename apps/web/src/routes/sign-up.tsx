import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { usePageTitle } from '../components/page-title';
import { safeRedirect } from '../lib/safe-redirect';
import { signUp } from '../lib/session';
import { AuthLayout } from './-components/auth/auth-layout';
import { TextField } from './-components/auth/text-field';

const minPasswordLength = 8;

export const Route = createFileRoute('/sign-up')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search['redirect'] === 'string' ? { redirect: search['redirect'] } : {},
  component: SignUpPage,
});

function SignUpPage() {
  usePageTitle('Create an account');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { redirect } = Route.useSearch();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < minPasswordLength) {
      setError(`Password must be at least ${minPasswordLength} characters`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signUp(name.trim(), email.trim(), password);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Sign-up failed');
      setBusy(false);
      return;
    }
    // Busy until the app has loaded and replaced the form.
    queryClient.clear();
    await navigate({ to: safeRedirect(redirect) });
  };

  return (
    <AuthLayout title="Create your account" subtitle="Keep your past trips, the current one and the next in one place.">
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField label="Name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={minPasswordLength}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </Button>
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
