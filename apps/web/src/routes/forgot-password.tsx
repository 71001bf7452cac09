import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { usePageTitle } from '../components/page-title';
import { requestPasswordReset } from '../lib/session';
import { AuthLayout } from './-components/auth/auth-layout';
import { CheckYourInbox } from './-components/auth/check-your-inbox';
import { TextField } from './-components/auth/text-field';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The link could not be sent');
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <CheckYourInbox subtitle={`If an account uses ${sentTo}, we sent it a link.`}>
        Open the link to choose a new password. It works once, for 30 minutes; setting the new password signs you out everywhere.
      </CheckYourInbox>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter your e-mail address and we will send you a link to choose a new one.">
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        {error && (
          <p role="alert" className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-600">
            {error}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Sending…' : 'Send me a link'}
        </Button>
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
