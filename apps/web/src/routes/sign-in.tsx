import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { usePageTitle } from '../components/page-title';
import { safeRedirect } from '../lib/safe-redirect';
import { signIn } from '../lib/session';
import { useTRPC } from '../lib/trpc';
import { AuthLayout } from './-components/auth/auth-layout';
import { TextField } from './-components/auth/text-field';

export const Route = createFileRoute('/sign-in')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search['redirect'] === 'string' ? { redirect: search['redirect'] } : {},
  component: SignInPage,
});

function SignInPage() {
  usePageTitle('Sign in');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { redirect } = Route.useSearch();
  const demo = useQuery(trpc.system.demo.queryOptions());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (credentials: { email: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      await signIn(credentials.email, credentials.password);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Sign-in failed');
      setBusy(false);
      return;
    }
    // Forget what was cached before signing in, except this page's own answer, so the form
    // stays as it is, busy, until the app has loaded and replaced it.
    const demoQuery = hashKey(trpc.system.demo.queryKey());
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== demoQuery });
    await navigate({ to: safeRedirect(redirect) });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ email, password });
  };
  const demoAccount = (role: 'client' | 'agent') => demo.data?.accounts.find((a) => a.role === role);

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to see your trips, plans and journal.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      {demo.data?.available && demo.data.password && (
        <div className="mt-6 border-t border-gray-200 pt-6">
          <p className="text-sm text-muted">Exploring? Use a demo account:</p>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {(['client', 'agent'] as const).map((role) => {
              const account = demoAccount(role);
              const password = demo.data?.password;
              if (!account || !password) return null;
              return (
                <Button
                  key={role}
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void submit({ email: account.email, password })}
                >
                  {role === 'client' ? 'Continue as demo traveller' : 'Continue as demo agent'}
                </Button>
              );
            })}
          </div>
        </div>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        New to Naav?{' '}
        <Link to="/sign-up" search={redirect ? { redirect } : {}} className="font-medium text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
