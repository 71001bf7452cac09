import { createFileRoute, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '@naav/ui/button';
import { FormError } from '../components/form-controls';
import { usePageTitle } from '../components/page-title';
import { requestPasswordReset } from '../lib/session';
import { useSubmit } from '../lib/use-submit';
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
  const { busy, error, run } = useSubmit('The link could not be sent');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    });
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
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <FormError message={error} />
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
